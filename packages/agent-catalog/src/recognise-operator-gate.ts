import type { OperatorGate } from '@gate4agent/types';
import {
  OPERATOR_GATE_RECOGNISERS,
  type OperatorGateRecogniser,
} from './operator-gate-recognisers.js';

/** Upper bound on the lines a gate's `text` keeps, so a runaway match stays readable. */
export const OPERATOR_GATE_TEXT_MAX_LINES = 24;

// Box-drawing and block characters that frame a dialog (│ ╭ ─ ╰ ┃ …), not part of its text.
const FRAME = /^[\s\u2500-\u259f]+|[\s\u2500-\u259f]+$/g;

const normalise = (text: string) =>
  text
    .split(/\s+/)
    .filter((word) => word !== '')
    .join(' ')
    .replace(/[A-Z]/g, (letter) => letter.toLowerCase());

function matches(recogniser: OperatorGateRecogniser, agentId: string, screen: string): boolean {
  if (recogniser.agents !== 'any' && !recogniser.agents.includes(agentId)) return false;
  if (!recogniser.all.every((phrase) => screen.includes(phrase))) return false;
  return recogniser.any.length === 0 || recogniser.any.some((phrase) => screen.includes(phrase));
}

function dialogText(recogniser: OperatorGateRecogniser, screenText: string): string {
  const lines = screenText.split('\n').map((line) => line.replace(FRAME, ''));
  const lower = lines.map((line) => normalise(line));
  const start =
    recogniser.start ??
    recogniser.all[0] ??
    recogniser.any.find((phrase) => lower.some((line) => line.includes(phrase)));
  let first = start === undefined ? -1 : lower.findIndex((line) => line.includes(start));
  if (first < 0) first = 0;
  let last = lines.length - 1;
  if (recogniser.end !== undefined) {
    const end = lower.findIndex((line, index) => index >= first && line.includes(recogniser.end!));
    if (end >= 0) last = end;
  }
  return lines
    .slice(first, last + 1)
    .filter((line) => line !== '')
    .slice(0, OPERATOR_GATE_TEXT_MAX_LINES)
    .join('\n');
}

/** Options of {@link recogniseOperatorGate}. */
export interface RecogniseOperatorGateOptions {
  /**
   * Whether wording several agents share (upstream's startup gate table) counts. Default `true`.
   * A runtime turns it off once the agent has been ready, so a phrase in the conversation (a
   * prompt that says "No auth type is selected") is not taken for a dialog; each agent's own
   * dialogs, which need their exact multi-phrase wording, are always recognised.
   */
  readonly sharedWording?: boolean;
}

/**
 * The operator gate `agentId` shows in `screenText` (a terminal frame's plain contents), or
 * `null`: a trust, login, tool-approval, update or setup dialog that only a person should answer.
 * Phrases are matched with whitespace collapsed and ASCII case ignored, so wrapping does not hide
 * a dialog; the agent's own dialogs are tried before wording several agents share. `text` is the
 * dialog's visible lines, frame characters and blank lines removed.
 */
export function recogniseOperatorGate(
  agentId: string,
  screenText: string,
  options: RecogniseOperatorGateOptions = {},
): OperatorGate | null {
  const shared = options.sharedWording ?? true;
  // Frame characters go first, so a phrase wrapped inside a box (`│ … in │ │ this folder? │`) joins.
  const screen = normalise(
    screenText
      .split('\n')
      .map((line) => line.replace(FRAME, ''))
      .join('\n'),
  );
  if (screen === '') return null;
  for (const recogniser of OPERATOR_GATE_RECOGNISERS) {
    if (!shared && recogniser.agents === 'any') continue;
    if (matches(recogniser, agentId, screen)) {
      return { kind: recogniser.kind, agentId, text: dialogText(recogniser, screenText) };
    }
  }
  return null;
}
