// Ported from gate4agent-kernel (src/lib.rs, mod tests): the clock phase, the health gate and
// replay of whole unified steps.
import { ProviderBindingId } from '@gate4agent/tool-protocol';
import { defaultControlHealth } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { COUNTER_MAX } from '../../src/constants.js';
import { KernelIntegrationError } from '../../src/errors.js';
import { blockLanesOnControlHealth, type Lanes } from '../../src/kernel/health-gate.js';
import { seedLogicalTick } from '../../src/kernel/kernel-seams.js';
import {
  attachToolProvider,
  authority,
  boundRequest,
  defaultKernel,
  kernelWithProvider,
  register,
  startRunning,
  toolGrant,
  toolRequest,
} from './kernel-fixtures.js';

describe('gate4agent-kernel step', () => {
  it('logical_tick_exhaustion_is_correlated_and_fail_closed', () => {
    const kernel = defaultKernel();
    seedLogicalTick(kernel, COUNTER_MAX);
    const step = kernel.step([register(1, 'claude')], []);
    expect(step.integrationErrors).toEqual([
      {
        kind: 'logical-tick-exhausted',
        currentTick: COUNTER_MAX,
        message: `kernel logical tick exhausted at ${COUNTER_MAX}`,
      },
    ]);
    expect(step.commandOutcomes[0]!.result).toMatchObject({
      ok: false,
      error: { kind: 'integration-blocked', reason: { kind: 'logical-tick-exhausted' } },
    });
    expect(step.snapshot.sessions).toEqual([]);
    expect(step.effects).toEqual([]);
    expect(step.toolEffects).toEqual([]);
    expect(step.backendSnapshot.logicalTick).toBe(COUNTER_MAX);
  });

  it('terminal_control_health_blocks_both_lanes_once', () => {
    const lanes: Lanes = { control: true, tool: true };
    const errors: KernelIntegrationError[] = [];
    const healthyCapacity = { ...defaultControlHealth(), retainedInstanceIdentities: 4_096 };
    blockLanesOnControlHealth(healthyCapacity, lanes, errors);
    expect(lanes).toEqual({ control: true, tool: true });
    expect(errors).toEqual([]);
    const exhausted = { ...healthyCapacity, providerSequenceExhaustedSessions: 1 };
    blockLanesOnControlHealth(exhausted, lanes, errors);
    blockLanesOnControlHealth(exhausted, lanes, errors);
    expect(lanes).toEqual({ control: false, tool: false });
    expect(errors).toStrictEqual([KernelIntegrationError.controlHealthExhausted(exhausted)]);
  });

  it('identical_unified_batches_produce_identical_steps', () => {
    function run() {
      const kernel = kernelWithProvider();
      attachToolProvider(kernel, 1);
      const generation = startRunning(kernel);
      return kernel.stepControlPlane(
        [
          authority(toolGrant(generation, 1)),
          boundRequest(ProviderBindingId.of(1), toolRequest(1, generation)),
        ],
        [],
      );
    }
    expect(run()).toStrictEqual(run());
  });
});
