// Not upstream: the count a host reads to keep ticking while tool deadlines can still elapse.
import { describe, expect, it } from 'vitest';
import { seedLogicalTick } from '../../src/kernel/kernel-seams.js';
import {
  attachToolProvider,
  authority,
  boundRequest,
  kernelWithProvider,
  startRunning,
  toolGrant,
  toolRequest,
} from './kernel-fixtures.js';

describe('Gate4AgentKernel.openToolRequestCount', () => {
  it('counts an admitted request until its deadline closes it', () => {
    const kernel = kernelWithProvider();
    expect(kernel.openToolRequestCount()).toBe(0);
    const bindingId = attachToolProvider(kernel, 1);
    const generation = startRunning(kernel);
    kernel.stepControlPlane(
      [authority(toolGrant(generation, 1)), boundRequest(bindingId, toolRequest(1, generation))],
      [],
    );
    expect(kernel.openToolRequestCount()).toBe(1);
    seedLogicalTick(kernel, 99);
    const step = kernel.stepControlPlane([], []);
    expect(step.toolCompletions.completions.map((completion) => completion.outcome.kind)).toEqual([
      'timed-out',
    ]);
    expect(kernel.openToolRequestCount()).toBe(0);
  });
});
