import type { AgentSession } from '@gate4agent/runtime-native';
import { describeOperatorGate, type SessionStatus, type TerminalFrame } from '@gate4agent/types';

/** One agent session as the page shows it (everything but the terminal). */
export interface SessionView {
  /** The session's instance id, as text: the key of its controls. */
  readonly id: string;
  readonly agentId: string;
  /** The status kind (`starting`, `running`, `exited`, …) and a one-line description. */
  readonly status: string;
  readonly statusText: string;
  readonly generation: number | null;
  readonly pid: number | null;
  /** The operator gate on screen, with its name (`control-fixture workspace trust dialog`). */
  readonly gate: {
    readonly kind: string;
    readonly name: string;
    readonly text: string;
  } | null;
}

/** A terminal frame as the page paints it. */
export interface FrameView {
  readonly id: string;
  readonly sequence: number;
  readonly rows: number;
  readonly columns: number;
  /** The screen as ANSI text (clear, rows, cursor): written into the page's xterm as is. */
  readonly data: string;
}

function describeStatus(status: SessionStatus): string {
  switch (status.kind) {
    case 'exited':
      return `exited (code ${status.exitCode ?? 'none'})`;
    case 'failed':
      return `failed: ${status.message}`;
    default:
      return status.kind;
  }
}

/** @internal The page's view of `session` now. */
export function sessionView(session: AgentSession): SessionView {
  const gate = session.operatorGate;
  return {
    id: String(session.instanceId),
    agentId: String(session.agentId),
    status: session.status.kind,
    statusText: describeStatus(session.status),
    generation: session.generation === null ? null : Number(session.generation),
    pid: session.processId,
    gate:
      gate === null ? null : { kind: gate.kind, name: describeOperatorGate(gate), text: gate.text },
  };
}

const decoder = new TextDecoder();

/** @internal The page's view of `frame` of session `id`. */
export function frameView(id: string, frame: TerminalFrame): FrameView {
  return {
    id,
    sequence: frame.sequence,
    rows: frame.size.rows,
    columns: frame.size.columns,
    data: decoder.decode(frame.formatted),
  };
}
