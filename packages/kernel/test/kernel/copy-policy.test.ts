// The one copy policy: a step's snapshot is copied out of the engine once, frozen, and shared.

import { ToolAuthorityEnvelope } from '@gate4agent/tool-protocol';
import {
  CONTROL_PROTOCOL_VERSION,
  CommandEnvelopeCodec,
  ObservationEnvelopeCodec,
  type TerminalFrame,
} from '@gate4agent/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  authority,
  instance,
  kernelWithProvider,
  register,
  spawnedObservation,
  startCommand,
  startRunning,
  toolGrant,
} from './kernel-fixtures.js';

/** Counts the checks of `codec` that copied their input (a handed-off value is returned as is). */
function countCopies(codec: { checkValue: (value: unknown) => unknown }): () => number {
  const original = codec.checkValue.bind(codec);
  let copies = 0;
  vi.spyOn(codec, 'checkValue').mockImplementation((value: unknown) => {
    const checked = original(value) as { ok: boolean; value?: unknown };
    if (checked.ok && checked.value !== value) copies += 1;
    return checked as never;
  });
  return () => copies;
}

const frame = (sequence: number): TerminalFrame => ({
  sequence,
  size: { rows: 24, columns: 80 } as TerminalFrame['size'],
  cursorRow: 0,
  cursorColumn: 0,
  contents: 'hello',
  formatted: new TextEncoder().encode('hello'),
  scrollbackFormatted: [new TextEncoder().encode('earlier')],
  alternateScreen: false,
  mouseProtocolEnabled: false,
  mouseProtocolEncoding: 'default',
});

describe('copy policy', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('copies each command, observation and authority envelope of a step once, at its check', () => {
    const kernel = kernelWithProvider();
    const commands = countCopies(CommandEnvelopeCodec);
    const observations = countCopies(ObservationEnvelopeCodec);
    const envelopes = countCopies(ToolAuthorityEnvelope.codec);
    const starting = kernel.step([register(1, 'claude'), startCommand(2)], []);
    expect(starting.commandOutcomes.map((outcome) => outcome.result.ok)).toEqual([true, true]);
    expect(commands()).toBe(2);
    const running = kernel.step([], [spawnedObservation(starting.effects[0]!)]);
    expect(running.snapshot.sessions[0]!.status).toEqual({ kind: 'running' });
    expect(observations()).toBe(1);
    const generation = running.snapshot.sessions[0]!.generation;
    const granted = kernel.stepControlPlane([authority(toolGrant(generation, 1))], []);
    const outcome = granted.ingressOutcomes[0];
    expect(outcome?.kind === 'tool-authority' && outcome.outcome.result.ok).toBe(true);
    expect(envelopes()).toBe(1);
  });

  it('shares one frozen control snapshot between the step and its backend snapshot', () => {
    const kernel = kernelWithProvider();
    const step = kernel.step([register(1, 'claude')], []);
    expect(step.snapshot).toBe(step.backendSnapshot.control);
    expect(Object.isFrozen(step.backendSnapshot)).toBe(true);
    expect(Object.isFrozen(step.snapshot.sessions)).toBe(true);
    expect(Object.isFrozen(step.snapshot.sessions[0])).toBe(true);
    expect(Object.isFrozen(step.backendSnapshot.tools.requests)).toBe(true);
  });

  it('keeps a published snapshot unchanged while the kernel moves on', () => {
    const kernel = kernelWithProvider();
    const first = kernel.step([register(1, 'claude')], []);
    const copy = structuredClone(first.backendSnapshot);
    kernel.step([], []);
    expect(first.backendSnapshot).toEqual(copy);
    expect(() => {
      (first.snapshot as { revision: number }).revision = 99;
    }).toThrow(TypeError);
  });

  it('freezes an adopted frame once and shares it between steps until a newer one arrives', () => {
    const kernel = kernelWithProvider();
    const generation = startRunning(kernel);
    const sent = frame(1);
    const framed = kernel.step(
      [],
      [
        {
          protocolVersion: CONTROL_PROTOCOL_VERSION,
          operationId: null,
          instanceId: instance(),
          generation,
          observation: { kind: 'terminal-frame', frame: sent },
        },
      ],
    );
    const adopted = framed.snapshot.sessions[0]!.terminalFrame!;
    expect(adopted).toEqual(sent);
    expect(adopted).not.toBe(sent);
    expect(Object.isFrozen(sent)).toBe(false);
    expect(Object.isFrozen(adopted)).toBe(true);
    expect(Object.isFrozen(adopted.size)).toBe(true);
    expect(Object.isFrozen(adopted.scrollbackFormatted)).toBe(true);
    const idle = kernel.step([], []);
    expect(idle.snapshot).not.toBe(framed.snapshot);
    expect(idle.snapshot.sessions[0]!.terminalFrame).toBe(adopted);
    expect(idle.snapshot.sessions[0]!.terminalSize).toBe(adopted.size);
  });
});
