// Ported from gate4agent-kernel (src/lib.rs, mod tests): the provider-binding table and its
// shared provider-runtime sequence.
import {
  CAPABILITY_PROTOCOL_VERSION,
  ProviderBindingId,
  ProviderBoundCapabilityEffectEnvelope,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { err, unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { COUNTER_MAX } from '../../src/constants.js';
import { KernelProviderError } from '../../src/errors.js';
import type {
  BackendIngressOutcome,
  ProviderRuntimeCommandOutcome,
} from '../../src/kernel/backend-ingress.js';
import {
  clearProviderBindings,
  kernelToolEngine,
  seedProviderSequence,
} from '../../src/kernel/kernel-seams.js';
import {
  attachToolProvider,
  authority,
  boundRequest,
  kernelWithProvider,
  otherToolProvider,
  otherToolProviderId,
  providerRuntime,
  startRunning,
  successfulObservation,
  toolGrant,
  toolPolicyGrant,
  toolProvider,
  toolProviderId,
  toolRequest,
} from './kernel-fixtures.js';

function providerOutcome(
  outcome: BackendIngressOutcome | undefined,
): ProviderRuntimeCommandOutcome {
  if (outcome?.kind !== 'tool-provider') throw new Error('expected provider runtime outcome');
  return outcome.outcome;
}

const binding = (value: number) => ProviderBindingId.of(value);

describe('gate4agent-kernel provider bindings', () => {
  it('attached_provider_round_trip_binds_effect_and_observation', () => {
    const kernel = kernelWithProvider();
    const bindingId = attachToolProvider(kernel, 1);
    const generation = startRunning(kernel);
    kernel.stepControlPlane([authority(toolGrant(generation, 1))], []);
    const requested = kernel.stepControlPlane(
      [boundRequest(bindingId, toolRequest(1, generation))],
      [],
    );
    expect(requested.toolEffects).toHaveLength(1);
    const effect = requested.toolEffects[0]!;
    expect(effect.bindingId).toBe(bindingId);
    unwrap(ProviderBoundCapabilityEffectEnvelope.validate(effect));
    const completed = kernel.stepControlPlane(
      [
        providerRuntime(2, {
          kind: 'observe',
          bindingId,
          observation: successfulObservation(effect),
        }),
      ],
      [],
    );
    expect(providerOutcome(completed.ingressOutcomes[0])).toEqual({
      sequence: 2,
      bindingId,
      providerId: toolProviderId(),
      result: {
        ok: true,
        value: {
          kind: 'observation-applied',
          operationId: effect.effect.operationId,
          requestKey: effect.effect.requestKey,
        },
      },
    });
    expect(completed.toolCompletions.completions[0]!.outcome.kind).toBe('succeeded');
    expect(completed.backendSnapshot.providerRuntime.lastSequence).toBe(2);
    expect(completed.backendSnapshot.providerRuntime.bindings).toEqual([
      { bindingId, providerId: toolProviderId() },
    ]);
  });

  it('provider_observation_cannot_cross_another_active_binding', () => {
    const kernel = kernelWithProvider(toolProvider(), otherToolProvider());
    const firstBinding = attachToolProvider(kernel, 1);
    const secondBinding = binding(2);
    const secondAttach = kernel.stepControlPlane(
      [
        providerRuntime(2, {
          kind: 'attach',
          bindingId: secondBinding,
          providerId: otherToolProviderId(),
        }),
      ],
      [],
    );
    expect(providerOutcome(secondAttach.ingressOutcomes[0]).result).toEqual({
      ok: true,
      value: { kind: 'attached' },
    });
    const generation = startRunning(kernel);
    kernel.stepControlPlane([authority(toolGrant(generation, 1))], []);
    const requested = kernel.stepControlPlane(
      [boundRequest(firstBinding, toolRequest(1, generation))],
      [],
    );
    const effect = requested.toolEffects[0]!;
    const rejected = kernel.stepControlPlane(
      [
        providerRuntime(3, {
          kind: 'observe',
          bindingId: secondBinding,
          observation: successfulObservation(effect),
        }),
      ],
      [],
    );
    expect(providerOutcome(rejected.ingressOutcomes[0]).result).toMatchObject({
      ok: false,
      error: { kind: 'binding-mismatch', current: firstBinding, requested: secondBinding },
    });
    expect(rejected.toolCompletions.completions).toEqual([]);
    const accepted = kernel.stepControlPlane(
      [
        providerRuntime(4, {
          kind: 'observe',
          bindingId: firstBinding,
          observation: successfulObservation(effect),
        }),
      ],
      [],
    );
    expect(providerOutcome(accepted.ingressOutcomes[0]).result).toMatchObject({
      ok: true,
      value: { kind: 'observation-applied' },
    });
  });

  it('detach_fences_late_results_and_rebinds_without_reusing_identity', () => {
    const kernel = kernelWithProvider();
    const firstBinding = attachToolProvider(kernel, 1);
    const generation = startRunning(kernel);
    kernel.stepControlPlane([authority(toolGrant(generation, 1))], []);
    const requested = kernel.stepControlPlane(
      [boundRequest(firstBinding, toolRequest(1, generation))],
      [],
    );
    const oldEffect = requested.toolEffects[0]!;
    const detached = kernel.stepControlPlane(
      [
        providerRuntime(2, {
          kind: 'detach',
          bindingId: firstBinding,
          providerId: toolProviderId(),
        }),
      ],
      [],
    );
    expect(providerOutcome(detached.ingressOutcomes[0]).result).toEqual({
      ok: true,
      value: { kind: 'detached', closedRequestCount: 1 },
    });
    expect(detached.toolCompletions.completions[0]!.outcome.kind).toBe('provider-detached');
    expect(detached.backendSnapshot.providerRuntime.bindings).toEqual([]);
    expect(detached.backendSnapshot.tools.grants).toHaveLength(1);
    const late = kernel.stepControlPlane(
      [
        providerRuntime(3, {
          kind: 'observe',
          bindingId: firstBinding,
          observation: successfulObservation(oldEffect),
        }),
      ],
      [],
    );
    expect(providerOutcome(late.ingressOutcomes[0]).result).toMatchObject({
      ok: false,
      error: { kind: 'not-attached' },
    });
    expect(late.toolCompletions.completions).toEqual([]);
    const rebound = attachToolProvider(kernel, 4);
    expect(rebound).not.toBe(firstBinding);
    const oldBindingAfterRebind = kernel.stepControlPlane(
      [
        providerRuntime(5, {
          kind: 'observe',
          bindingId: firstBinding,
          observation: successfulObservation(oldEffect),
        }),
      ],
      [],
    );
    expect(providerOutcome(oldBindingAfterRebind.ingressOutcomes[0]).result).toMatchObject({
      ok: false,
      error: { kind: 'binding-mismatch', current: rebound, requested: firstBinding },
    });
    const next = kernel.stepControlPlane([boundRequest(rebound, toolRequest(2, generation))], []);
    expect(next.toolEffects[0]!.bindingId).toBe(rebound);
    const completed = kernel.stepControlPlane(
      [
        providerRuntime(6, {
          kind: 'observe',
          bindingId: rebound,
          observation: successfulObservation(next.toolEffects[0]!),
        }),
      ],
      [],
    );
    expect(completed.toolCompletions.completions[0]!.outcome.kind).toBe('succeeded');
  });

  it('provider_request_admission_rejects_stale_missing_and_zero_bindings_without_mutation', () => {
    const kernel = kernelWithProvider();
    const firstBinding = attachToolProvider(kernel, 1);
    const detached = kernel.stepControlPlane(
      [
        providerRuntime(2, {
          kind: 'detach',
          bindingId: firstBinding,
          providerId: toolProviderId(),
        }),
      ],
      [],
    );
    expect(providerOutcome(detached.ingressOutcomes[0]).result).toMatchObject({
      ok: true,
      value: { kind: 'detached' },
    });
    const rebound = attachToolProvider(kernel, 3);
    const generation = startRunning(kernel);
    kernel.stepControlPlane([authority(toolGrant(generation, 1))], []);
    const cases: [ProviderBindingId | null, number][] = [
      [firstBinding, 1],
      [null, 2],
      [binding(0), 3],
    ];
    for (const [requested, localId] of cases) {
      const step = kernel.stepControlPlane(
        [boundRequest(requested, toolRequest(localId, generation))],
        [],
      );
      const outcome = step.ingressOutcomes[0];
      if (outcome?.kind !== 'tool-request') throw new Error('expected tool request outcome');
      expect(outcome.outcome.acceptedSequence).toBeNull();
      if (requested === 0) {
        expect(outcome.outcome.result).toMatchObject({
          ok: false,
          error: {
            kind: 'validation',
            error: { kind: 'zero-identifier', field: 'provider binding id' },
          },
        });
      } else {
        expect(outcome.outcome.result).toMatchObject({
          ok: false,
          error: { kind: 'provider-binding-mismatch', current: rebound, requested },
        });
      }
      expect(step.backendSnapshot.tools.requests).toEqual([]);
      expect(step.toolEffects).toEqual([]);
      expect(step.toolCompletions.completions).toEqual([]);
    }
  });

  it('same_step_revoke_then_detach_never_releases_cancel_to_removed_binding', () => {
    const kernel = kernelWithProvider();
    const bindingId = attachToolProvider(kernel, 1);
    const generation = startRunning(kernel);
    kernel.stepControlPlane([authority(toolGrant(generation, 1))], []);
    const requested = kernel.stepControlPlane(
      [boundRequest(bindingId, toolRequest(1, generation))],
      [],
    );
    expect(requested.toolEffects).toHaveLength(1);
    const reduced = kernel.stepControlPlane(
      [
        authority({
          protocolVersion: CAPABILITY_PROTOCOL_VERSION,
          sequence: 2,
          command: { kind: 'revoke-grant', key: toolPolicyGrant(generation).key },
        }),
        providerRuntime(2, { kind: 'detach', bindingId, providerId: toolProviderId() }),
      ],
      [],
    );
    expect(reduced.integrationErrors).toEqual([]);
    expect(reduced.toolEffects).toEqual([]);
    expect(reduced.backendSnapshot.providerRuntime.bindings).toEqual([]);
    expect(reduced.toolCompletions.completions[0]!.outcome).toEqual({
      kind: 'grant-revoked',
      cancellation: 'cancel-queued-unconfirmed',
    });
    expect(providerOutcome(reduced.ingressOutcomes[1]).result).toEqual({
      ok: true,
      value: { kind: 'detached', closedRequestCount: 0 },
    });
  });

  it('provider_sequence_rejection_reuse_and_exhaustion_are_explicit', () => {
    const kernel = kernelWithProvider();
    const attach = (sequence: number, bindingId: number, providerId = toolProviderId()) =>
      kernel.stepControlPlane(
        [providerRuntime(sequence, { kind: 'attach', bindingId: binding(bindingId), providerId })],
        [],
      );
    const invalid = attach(1, 9);
    expect(providerOutcome(invalid.ingressOutcomes[0]).result).toMatchObject({
      ok: false,
      error: { kind: 'invalid-attach-binding' },
    });
    expect(invalid.backendSnapshot.providerRuntime.lastSequence).toBe(1);
    const reusedSequence = attach(1, 1);
    expect(providerOutcome(reusedSequence.ingressOutcomes[0]).result).toStrictEqual(
      err(KernelProviderError.sequenceRegressed(1, 1)),
    );
    const bindingId = attachToolProvider(kernel, 2);
    const duplicateAttach = attach(3, 3);
    expect(providerOutcome(duplicateAttach.ingressOutcomes[0]).result).toMatchObject({
      ok: false,
      error: { kind: 'already-attached', bindingId },
    });
    expect(duplicateAttach.backendSnapshot.providerRuntime.lastSequence).toBe(3);
    kernel.stepControlPlane(
      [providerRuntime(4, { kind: 'detach', bindingId, providerId: toolProviderId() })],
      [],
    );
    const reusedBinding = attach(5, bindingId);
    expect(providerOutcome(reusedBinding.ingressOutcomes[0]).result).toMatchObject({
      ok: false,
      error: { kind: 'invalid-attach-binding' },
    });
    const exhaustedBinding = attachToolProvider(kernel, 6);
    expect(exhaustedBinding).toBe(binding(6));
    seedProviderSequence(kernel, COUNTER_MAX - 1, false);
    const unknownProvider = ToolProviderId.of('kernel-unknown-provider');
    const exhaustedOnRejection = attach(COUNTER_MAX, COUNTER_MAX, unknownProvider);
    expect(providerOutcome(exhaustedOnRejection.ingressOutcomes[0]).result).toMatchObject({
      ok: false,
      error: { kind: 'unknown-provider' },
    });
    expect(exhaustedOnRejection.backendSnapshot.providerRuntime.sequenceExhausted).toBe(true);
    expect(exhaustedOnRejection.backendSnapshot.providerRuntime.lastSequence).toBe(COUNTER_MAX);
    expect(exhaustedOnRejection.backendSnapshot.providerRuntime.bindings).toEqual([]);
    const terminal = attach(COUNTER_MAX, COUNTER_MAX);
    expect(providerOutcome(terminal.ingressOutcomes[0]).result).toStrictEqual(
      err(KernelProviderError.sequenceExhausted()),
    );
  });

  it('missing_effect_binding_is_reported_and_never_released', () => {
    const kernel = kernelWithProvider();
    attachToolProvider(kernel, 1);
    const generation = startRunning(kernel);
    const tools = kernelToolEngine(kernel);
    unwrap(tools.applyAuthority(toolGrant(generation, 1)));
    expect(tools.request(toolRequest(1, generation))).toEqual({
      ok: true,
      value: { kind: 'allow' },
    });
    clearProviderBindings(kernel);
    const step = kernel.stepControlPlane([], []);
    expect(step.integrationErrors[0]).toMatchObject({
      kind: 'tool-effect-provider-unbound',
      providerId: toolProviderId(),
    });
    expect(step.toolEffects).toEqual([]);
  });
});
