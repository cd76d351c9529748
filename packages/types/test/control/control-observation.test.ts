import { describe, expect, it } from 'vitest';
import {
  type ControlObservation,
  ControlObservationCodec,
  ObservationEnvelopeCodec,
  observationRequiresOperationId,
  unwrap,
  unwrapErr,
} from '../../src/index.js';

const frame = {
  sequence: 3,
  size: { rows: 24, columns: 80 },
  cursorRow: 0,
  cursorColumn: 14,
  contents: 'fixture-ready>',
  formatted: [102],
};

const source = {
  family: 'hook',
  binding: { id: 'claude-hook', revision: 'r1', verification: 'reference' },
};

const observations = [
  [{ kind: 'spawned', processId: 42 }, true],
  [{ kind: 'spawn-failed', message: 'no such file' }, true],
  [{ kind: 'process-exited', exitCode: 0, finalTerminal: frame }, false],
  [{ kind: 'stop-completed', forced: true, exitCode: null, finalTerminal: null }, true],
  [{ kind: 'stop-failed', message: 'x' }, true],
  [{ kind: 'input-completed' }, true],
  [{ kind: 'input-failed', message: 'x' }, true],
  [{ kind: 'resize-completed', size: { rows: 1, columns: 1 } }, true],
  [{ kind: 'resize-failed', message: 'x' }, true],
  [
    {
      kind: 'foreground-observed',
      process: { rootProcessId: 1, processId: 2, processName: 'bash', kind: { kind: 'shell' } },
    },
    true,
  ],
  [{ kind: 'foreground-failed', message: 'x' }, true],
  [{ kind: 'interaction-resolution-completed', interactionId: 1 }, true],
  [{ kind: 'interaction-resolution-failed', interactionId: 1, message: 'x' }, true],
  [{ kind: 'terminal-frame', frame }, false],
  [{ kind: 'terminal-stale', message: 'x' }, false],
  [{ kind: 'provider-event', source, sequence: 1, event: { kind: 'ready' } }, false],
  [{ kind: 'provider-gap', source, sourceSequence: 4, missed: 2 }, false],
] as const;

describe('ControlObservation', () => {
  it.each(observations)('%j requires an operation id: %s', (wire, required) => {
    const observation: ControlObservation = unwrap(ControlObservationCodec.decode(wire));
    expect(observationRequiresOperationId(observation)).toBe(required);
  });

  it('decodes exit codes as i32 and process ids as u32', () => {
    expect(
      unwrap(ControlObservationCodec.decode({ kind: 'process-exited', exitCode: -1 })),
    ).toEqual({
      kind: 'process-exited',
      exitCode: -1,
      finalTerminal: null,
    });
    expect(unwrapErr(ControlObservationCodec.decode({ kind: 'spawned', processId: -1 })).path).toBe(
      '/processId',
    );
    expect(
      unwrapErr(ControlObservationCodec.decode({ kind: 'process-exited', exitCode: 2 ** 31 })).path,
    ).toBe('/exitCode');
  });

  it('decodes an envelope whose operation id is missing as null', () => {
    const envelope = unwrap(
      ObservationEnvelopeCodec.decode({
        protocolVersion: 28,
        instanceId: 1,
        generation: 1,
        observation: { kind: 'terminal-frame', frame },
      }),
    );
    expect(envelope.operationId).toBeNull();
    expect(envelope.observation).toMatchObject({ frame: { formatted: Uint8Array.of(102) } });
  });
});
