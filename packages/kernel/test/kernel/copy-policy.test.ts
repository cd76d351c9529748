// The one copy policy: a step's snapshot is copied out of the engine once, frozen, and shared.
import { describe, expect, it } from 'vitest';
import { kernelWithProvider, register } from './kernel-fixtures.js';

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
});
