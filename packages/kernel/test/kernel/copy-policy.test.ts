// The one copy policy: a step's snapshot is copied out of the engine once, frozen, and shared.

import { CONTROL_PROTOCOL_VERSION, type TerminalFrame } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { instance, kernelWithProvider, register, startRunning } from './kernel-fixtures.js';

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
