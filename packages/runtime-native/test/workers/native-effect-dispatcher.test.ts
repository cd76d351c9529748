import { AgentRegistry } from '@gate4agent/agent-catalog';
import { interactiveAgentSpec, useFixtureTracking } from '@gate4agent/testkit';
import type { EffectEnvelope } from '@gate4agent/types';
import {
  AgentId,
  AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  OperationId,
  ProviderRuntimePolicy,
  SessionGeneration,
  unwrap,
} from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_NATIVE_RUNTIME_CONFIG,
  nativeRuntimeConfig,
} from '../../src/runtime/native-runtime-config.js';
import { NativeEffectDispatcher } from '../../src/workers/native-effect-dispatcher.js';
import { sleep, startRequest } from '../runtime/support/fixtures.js';

useFixtureTracking({ beforeEach, afterEach });

const dispatchers: NativeEffectDispatcher[] = [];
afterEach(async () => {
  for (const dispatcher of dispatchers.splice(0)) await dispatcher.dispose();
});

function spawnEffect(
  operationId: number,
  prompt: string | null,
  agent = 'unknown-provider',
): EffectEnvelope {
  return {
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId: OperationId.of(operationId),
    instanceId: AgentInstanceId.of(1),
    generation: SessionGeneration.of(1),
    effect: {
      kind: 'spawn',
      agentId: AgentId.of(agent),
      transport: 'pty',
      runtimePolicy: ProviderRuntimePolicy.rawPty(),
      request: { ...startRequest({ rows: 24, columns: 80 }, prompt, '.') },
    },
  };
}

describe('NativeEffectDispatcher', () => {
  it('runtime_dispatcher_rejects_raw_semantic_prompt_before_worker_dispatch', () => {
    const dispatcher = new NativeEffectDispatcher(
      AgentRegistry.empty(),
      DEFAULT_NATIVE_RUNTIME_CONFIG,
    );
    dispatchers.push(dispatcher);
    dispatcher.dispatch(spawnEffect(1, 'must-not-run'));
    const { observations, terminalFramesCollected } = dispatcher.drainObservations(1);
    expect(terminalFramesCollected).toBe(0);
    expect(dispatcher.workerCount()).toBe(0);
    expect(observations).toHaveLength(1);
    const observation = observations[0]!.observation;
    expect(observation.kind).toBe('spawn-failed');
    expect(observation.kind === 'spawn-failed' && observation.message).toContain(
      'SemanticReadiness',
    );
  });

  it('answers an overflowing worker queue with a synthesized failure carrying the operation', async () => {
    const dispatcher = new NativeEffectDispatcher(
      unwrap(AgentRegistry.create([interactiveAgentSpec()])),
      nativeRuntimeConfig({ effectCapacityPerSession: 1 }),
    );
    dispatchers.push(dispatcher);
    // The queue holds one effect until the worker takes it: the next two overflow at once. The
    // queued one fails in the worker (unknown agent).
    dispatcher.dispatch(spawnEffect(1, null));
    dispatcher.dispatch(spawnEffect(2, null));
    dispatcher.dispatch(spawnEffect(3, null));
    const failures = [];
    for (let round = 0; round < 1_000 && failures.length < 3; round += 1) {
      failures.push(...dispatcher.drainObservations(8).observations);
      await sleep(5);
    }
    const byOperation = new Map(failures.map((failure) => [failure.operationId, failure]));
    expect(byOperation.size).toBe(3);
    for (const operation of [2, 3]) {
      expect(byOperation.get(OperationId.of(operation))?.observation).toEqual({
        kind: 'spawn-failed',
        message: 'native session effect queue is full',
      });
    }
    expect(byOperation.get(OperationId.of(1))?.observation).toEqual({
      kind: 'spawn-failed',
      message: "agent 'unknown-provider' is absent from native catalog",
    });
  });

  it('takes control observations first and frames only with the budget left', () => {
    const dispatcher = new NativeEffectDispatcher(
      AgentRegistry.empty(),
      DEFAULT_NATIVE_RUNTIME_CONFIG,
    );
    dispatchers.push(dispatcher);
    dispatcher.dispatch(spawnEffect(1, 'a'));
    dispatcher.dispatch(spawnEffect(2, 'b'));
    expect(dispatcher.hasPendingObservations()).toBe(true);
    const first = dispatcher.drainObservations(1);
    expect(first.observations.map((o) => o.operationId)).toEqual([OperationId.of(1)]);
    const second = dispatcher.drainObservations(5);
    expect(second.observations.map((o) => o.operationId)).toEqual([OperationId.of(2)]);
    expect(dispatcher.hasPendingObservations()).toBe(false);
  });
});
