// Operator gates (issue #11): the session snapshot carries the dialog the executor recognised on
// each frame, and semantic input is refused while one shows.
import {
  AgentId,
  type InputAction,
  type OperatorGate,
  type TerminalFrame,
  unwrap,
  unwrapErr,
} from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { engineStateCopy } from '../../src/engine/engine-seams.js';
import { observation, runningEngine, sendInput, size } from './engine-fixtures.js';

const trust: OperatorGate = {
  kind: 'trust',
  agentId: 'claude',
  text: 'Quick safety check: Is this a project you created or one you trust?\n❯ 1. Yes, I trust this folder',
};

const frame = (sequence: number): TerminalFrame => ({
  sequence,
  size: size(24, 80),
  cursorRow: 0,
  cursorColumn: 0,
  contents: `frame ${sequence}`,
  formatted: new Uint8Array([sequence]),
  scrollbackFormatted: [],
  alternateScreen: false,
  mouseProtocolEnabled: false,
  mouseProtocolEncoding: 'default',
});

function gatedEngine() {
  const { engine, spawn } = runningEngine();
  engine.applyObservation(
    observation(null, spawn.generation, {
      kind: 'terminal-frame',
      frame: frame(1),
      operatorGate: trust,
    }),
  );
  engine.drainEvents();
  return { engine, spawn };
}

const semantic: InputAction[] = [
  { kind: 'submit-prompt', text: 'hello', framing: 'bracketed-paste' },
  { kind: 'insert-draft', text: 'hello', framing: 'bracketed-paste' },
  { kind: 'agent-command', agentId: AgentId.of('claude'), name: 'help', arguments: [] },
];

describe('operator gate', () => {
  it('is adopted with each newer frame and cleared by a frame without one', () => {
    const { engine, spawn } = gatedEngine();
    expect(engine.snapshot().sessions[0]!.operatorGate).toEqual(trust);
    engine.applyObservation(
      observation(null, spawn.generation, { kind: 'terminal-frame', frame: frame(2) }),
    );
    expect(engine.snapshot().sessions[0]!.operatorGate).toBeNull();
  });

  it('refuses semantic input while a gate shows, naming the gate and changing nothing', () => {
    const { engine } = gatedEngine();
    for (const [index, action] of semantic.entries()) {
      const before = engineStateCopy(engine);
      const error = unwrapErr(engine.applyCommand(sendInput(10 + index, action)));
      expect(error).toMatchObject({ kind: 'operator-action-required', gate: trust });
      expect(error.message).toContain('claude workspace trust dialog');
      expect(error.message).toContain('operator-keys');
      expect(engineStateCopy(engine)).toStrictEqual(before);
    }
  });

  it('accepts operator keys while a gate shows, routed to whatever owns the terminal', () => {
    const { engine } = gatedEngine();
    unwrap(engine.applyCommand(sendInput(20, { kind: 'operator-keys', keys: '1\r' })));
    const [effect] = engine.drainEffects();
    expect(effect!.effect).toMatchObject({
      kind: 'write-input',
      input: { kind: 'operator-keys' },
      requiredForeground: { kind: 'any' },
    });
  });

  it('is cleared when the process exits', () => {
    const { engine, spawn } = gatedEngine();
    engine.applyObservation(
      observation(null, spawn.generation, {
        kind: 'process-exited',
        exitCode: 1,
        finalTerminal: null,
      }),
    );
    expect(engine.snapshot().sessions[0]!.operatorGate).toBeNull();
  });
});
