// Ported from gate4agent-kernel (src/lib.rs, mod tests): catalog pre-checks, the phase order,
// reconciliation into the tool engine, and the tool lanes.

import { ToolEngineError } from '@gate4agent/tool-engine';
import { ProviderBindingId } from '@gate4agent/tool-protocol';
import {
  AgentId,
  CONTROL_PROTOCOL_VERSION,
  err,
  SessionGeneration,
  unwrap,
} from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { KernelToolError } from '../../src/errors.js';
import type { BackendIngressOutcome } from '../../src/kernel/backend-ingress.js';
import { kernelToolEngine } from '../../src/kernel/kernel-seams.js';
import {
  attachToolProvider,
  authority,
  boundRequest,
  command,
  defaultKernel,
  instance,
  kernelWithProvider,
  register,
  spawnedObservation,
  startCommand,
  startRunning,
  toolGrant,
  toolProviderId,
  toolRequest,
} from './kernel-fixtures.js';

function toolRequestOutcome(outcome: BackendIngressOutcome | undefined) {
  if (outcome?.kind !== 'tool-request') throw new Error('expected tool request outcome');
  return outcome.outcome;
}

describe('gate4agent-kernel control lane', () => {
  it('unknown_provider_is_rejected_before_engine_mutation', () => {
    const kernel = defaultKernel();
    const step = kernel.step([register(1, 'unknown-agent')], []);
    expect(step.commandOutcomes[0]!.result).toMatchObject({
      ok: false,
      error: { kind: 'unknown-agent' },
    });
    expect(step.snapshot.sessions).toEqual([]);
    expect(step.effects).toEqual([]);
    expect(step.events[0]!.event.kind).toBe('command-rejected');
  });

  it('unsupported_provider_transport_is_rejected_before_registration', () => {
    const kernel = defaultKernel();
    const outcome = kernel.step(
      [
        command(1, {
          kind: 'register',
          instanceId: instance(),
          agentId: AgentId.of('grok'),
          transport: 'pipe',
        }),
      ],
      [],
    );
    expect(outcome.commandOutcomes[0]!.result).toMatchObject({
      ok: false,
      error: { kind: 'unsupported-transport', transport: 'pipe' },
    });
    expect(outcome.snapshot.sessions).toEqual([]);
  });

  it('command_phase_precedes_observation_phase', () => {
    const kernel = defaultKernel();
    const first = kernel.step([register(1, 'claude'), startCommand(2)], []);
    const spawn = first.effects[0]!;
    const running = kernel.step([], [spawnedObservation(spawn)]);
    expect(running.snapshot.sessions[0]!.status).toEqual({ kind: 'running' });
    const raced = kernel.step(
      [command(3, { kind: 'stop', instanceId: instance(), force: false })],
      [
        {
          protocolVersion: CONTROL_PROTOCOL_VERSION,
          operationId: null,
          instanceId: instance(),
          generation: spawn.generation,
          observation: { kind: 'process-exited', exitCode: 0, finalTerminal: null },
        },
      ],
    );
    expect(raced.commandOutcomes[0]!.result.ok).toBe(true);
    expect(raced.effects).toEqual([]);
    expect(raced.snapshot.sessions[0]!.status).toEqual({ kind: 'exited', exitCode: 0 });
  });

  it('identical_batches_produce_identical_step', () => {
    const run = () => defaultKernel().step([register(1, 'claude'), startCommand(2)], []);
    expect(run()).toStrictEqual(run());
  });
});

describe('gate4agent-kernel tool lanes', () => {
  it('non_running_control_sessions_are_inactive_in_the_tool_engine', () => {
    const kernel = kernelWithProvider();
    const registered = kernel.step([register(1, 'claude')], []);
    expect(registered.backendSnapshot.tools.instanceStates).toEqual([[instance(), 'inactive']]);
    const starting = kernel.step([startCommand(2)], []);
    expect(starting.backendSnapshot.tools.instanceStates).toEqual([[instance(), 'inactive']]);
  });

  it('tool_ingress_precedes_control_observation_activation', () => {
    const kernel = kernelWithProvider();
    attachToolProvider(kernel, 1);
    const starting = kernel.step([register(1, 'claude'), startCommand(2)], []);
    const spawn = starting.effects[0]!;
    const step = kernel.stepControlPlane(
      [boundRequest(ProviderBindingId.of(1), toolRequest(1, spawn.generation))],
      [spawnedObservation(spawn)],
    );
    const outcome = toolRequestOutcome(step.ingressOutcomes[0]);
    expect(outcome.result).toEqual({
      ok: true,
      value: { kind: 'deny', reason: { kind: 'inactive-instance' } },
    });
    expect(outcome.acceptedSequence).not.toBeNull();
    expect(step.backendSnapshot.tools.instanceStates).toEqual([[instance(), 'active']]);
    expect(step.toolEffects).toEqual([]);
    expect(step.toolCompletions.completions[0]!.outcome).toEqual({
      kind: 'policy-denied',
      reason: { kind: 'inactive-instance' },
    });
  });

  it('ordered_authority_and_request_outcomes_are_exactly_correlated', () => {
    const kernel = kernelWithProvider();
    attachToolProvider(kernel, 1);
    const generation = startRunning(kernel);
    const request = toolRequest(7, generation);
    const requestKey = {
      consumerId: request.consumerId,
      actorId: request.actorId,
      localId: request.request.localId,
    };
    const step = kernel.stepControlPlane(
      [authority(toolGrant(generation, 1)), boundRequest(ProviderBindingId.of(1), request)],
      [],
    );
    expect(step.ingressOutcomes[0]).toEqual({
      kind: 'tool-authority',
      outcome: { sequence: 1, result: { ok: true, value: { kind: 'grant-set' } } },
    });
    const outcome = toolRequestOutcome(step.ingressOutcomes[1]);
    expect(outcome.requestKey).toEqual(requestKey);
    expect(outcome.acceptedSequence).not.toBeNull();
    expect(outcome.result).toEqual({ ok: true, value: { kind: 'allow' } });
    expect(step.toolEffects).toHaveLength(1);
    expect(step.toolEffects[0]!.effect.requestKey).toEqual(requestKey);
    const regressed = kernel.stepControlPlane([authority(toolGrant(generation, 1))], []);
    expect(regressed.ingressOutcomes[0]).toStrictEqual({
      kind: 'tool-authority',
      outcome: {
        sequence: 1,
        result: err(KernelToolError.engine(ToolEngineError.authoritySequenceRegressed(1, 1))),
      },
    });
  });

  it('stop_fences_queued_tool_work_then_remove_register_advances_generation', () => {
    const kernel = kernelWithProvider();
    attachToolProvider(kernel, 1);
    const generation = startRunning(kernel);
    const granted = kernel.stepControlPlane([authority(toolGrant(generation, 1))], []);
    expect(granted.integrationErrors).toEqual([]);
    const request = toolRequest(9, generation);
    const stopped = kernel.stepControlPlane(
      [
        boundRequest(ProviderBindingId.of(1), request),
        {
          kind: 'control',
          command: command(3, { kind: 'stop', instanceId: instance(), force: false }),
        },
      ],
      [],
    );
    expect(stopped.integrationErrors).toEqual([]);
    expect(stopped.toolEffects).toEqual([]);
    const completion = stopped.toolCompletions.completions[0]!;
    expect(completion.requestKey).toEqual({
      consumerId: request.consumerId,
      actorId: request.actorId,
      localId: request.request.localId,
    });
    expect(completion.outcome.kind).toBe('instance-closed');
    const exited = kernel.step(
      [],
      [
        {
          protocolVersion: CONTROL_PROTOCOL_VERSION,
          operationId: null,
          instanceId: instance(),
          generation,
          observation: { kind: 'process-exited', exitCode: 0, finalTerminal: null },
        },
      ],
    );
    expect(exited.snapshot.sessions[0]!.status).toEqual({ kind: 'exited', exitCode: 0 });
    const step = kernel.stepControlPlane(
      [
        { kind: 'control', command: command(4, { kind: 'remove', instanceId: instance() }) },
        { kind: 'control', command: register(5, 'claude') },
      ],
      [],
    );
    expect(step.integrationErrors).toEqual([]);
    expect(step.snapshot.sessions).toHaveLength(1);
    expect(step.snapshot.sessions[0]!.generation).toBe(SessionGeneration.of(2));
    expect(step.backendSnapshot.tools.generations).toEqual([[instance(), SessionGeneration.of(2)]]);
    expect(step.backendSnapshot.tools.instanceStates).toEqual([[instance(), 'inactive']]);
  });

  it('kernel_without_bootstrap_providers_denies_tool_requests', () => {
    const kernel = defaultKernel();
    const generation = startRunning(kernel);
    const step = kernel.stepControlPlane([boundRequest(null, toolRequest(1, generation))], []);
    const outcome = toolRequestOutcome(step.ingressOutcomes[0]);
    expect(outcome.result).toEqual({
      ok: true,
      value: { kind: 'deny', reason: { kind: 'unknown-provider' } },
    });
    expect(step.toolEffects).toEqual([]);
    expect(step.backendSnapshot.tools.providers).toEqual([]);
  });

  it('reconciliation_failure_never_releases_retained_tool_effects', () => {
    const kernel = kernelWithProvider();
    attachToolProvider(kernel, 1);
    startRunning(kernel);
    const divergent = SessionGeneration.of(99);
    const tools = kernelToolEngine(kernel);
    unwrap(tools.setGeneration(instance(), divergent));
    unwrap(tools.setInstanceState(instance(), divergent, 'active'));
    unwrap(tools.applyAuthority(toolGrant(divergent, 1)));
    expect(unwrap(tools.request(toolRequest(99, divergent)))).toEqual({ kind: 'allow' });
    for (const step of [kernel.stepControlPlane([], []), kernel.stepControlPlane([], [])]) {
      expect(step.integrationErrors[0]).toMatchObject({
        kind: 'tool-instance-sync',
        source: { kind: 'generation-regressed' },
      });
      expect(step.toolEffects).toEqual([]);
    }
  });

  it('known_unbound_provider_is_rejected_before_canonical_acceptance', () => {
    const kernel = kernelWithProvider();
    const generation = startRunning(kernel);
    const granted = kernel.stepControlPlane([authority(toolGrant(generation, 1))], []);
    expect(granted.integrationErrors).toEqual([]);
    const step = kernel.stepControlPlane([boundRequest(null, toolRequest(1, generation))], []);
    const outcome = toolRequestOutcome(step.ingressOutcomes[0]);
    expect(outcome.acceptedSequence).toBeNull();
    expect(outcome.result).toStrictEqual(
      err(KernelToolError.providerUnavailable(toolProviderId())),
    );
    expect(step.backendSnapshot.tools.requests).toEqual([]);
    expect(step.toolEffects).toEqual([]);
    expect(step.toolCompletions.completions).toEqual([]);
  });
});
