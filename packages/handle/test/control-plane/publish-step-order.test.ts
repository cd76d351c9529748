// Pins the normative order of `ControlPlaneKernelPort.publishStep` (handle §5.2) where upstream's
// tests leave it open: provider outcomes before provider work, receipts before the snapshot
// reconciliation, reconciliation before the availability swap, and the pruning of settled work.
import {
  defaultBackendSnapshot,
  type KernelStep,
  type ProviderRuntimeCommandOutcome,
} from '@gate4agent/kernel';
import type { ProviderBoundCapabilityEffectEnvelope } from '@gate4agent/tool-protocol';
import { ToolActorId } from '@gate4agent/tool-protocol';
import { ok, unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { boundedControlPlane } from '../../src/control-plane/bounded-control-plane.js';
import { runtimeBindingOf } from '../../src/provider-runtime/provider-runtime-handle.js';
import {
  grant,
  kernelWith,
  provider,
  providerId,
  request,
  result,
  startRunning,
} from '../support/control-plane-fixtures.js';
import {
  boundInvokeWithOperation,
  expectInvoke,
  providerId as unitProviderId,
} from '../support/provider-fixtures.js';

/** A step that carries only `outcomes`, `effects` and the canonical provider table. */
function providerStep(
  outcomes: ProviderRuntimeCommandOutcome[],
  effects: ProviderBoundCapabilityEffectEnvelope[],
  providerRuntime: KernelStep['backendSnapshot']['providerRuntime'],
): KernelStep {
  const backendSnapshot = { ...defaultBackendSnapshot(), providerRuntime };
  return {
    commandOutcomes: [],
    effects: [],
    snapshot: backendSnapshot.control,
    events: [],
    ingressOutcomes: outcomes.map((outcome) => ({ kind: 'tool-provider', outcome })),
    toolEffects: effects,
    toolCompletions: {
      completions: [],
      droppedSinceLastDrain: 0,
      totalDropped: 0,
      nextSequence: backendSnapshot.tools.nextCompletionSequence,
      sequenceExhausted: false,
    },
    backendSnapshot,
    integrationErrors: [],
  };
}

/** A running instance, an allowed request, its invocation answered; the answer not yet reduced. */
function answeredInvocation() {
  const [gate, authority, port] = boundedControlPlane(16);
  const client = unwrap(authority.bindClient(ToolActorId.of('agent.order')));
  const kernel = kernelWith([provider()]);
  const runtime = unwrap(port.providerAuthority().bindProvider(providerId(), 4));
  const generation = startRunning(kernel, gate, port);
  unwrap(authority.dispatch({ kind: 'set-grant', grant: grant(client, generation, 'allow') }));
  port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
  unwrap(client.dispatch(request(1, generation)));
  port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
  const invocation = expectInvoke(runtime.tryRecv());
  const sequence = unwrap(runtime.trySucceed(invocation, result()));
  const completed = kernel.stepControlPlane(port.drainIngress(8), []);
  return { port, client, runtime, sequence, completed };
}

describe('publishStep order', () => {
  it('applies an attach outcome before the same step hands out work for that binding', () => {
    const [_gate, _authority, port] = boundedControlPlane(8);
    const runtime = unwrap(port.providerAuthority().bindProvider(unitProviderId(), 2));
    const [attach] = port.drainIngress(8);
    if (attach?.kind !== 'tool-provider') throw new Error('expected the attach envelope');
    const bindingId = runtime.bindingId();
    const report = port.publishStep(
      providerStep(
        [
          {
            sequence: attach.envelope.sequence,
            bindingId,
            providerId: unitProviderId(),
            result: ok({ kind: 'attached' }),
          },
        ],
        [boundInvokeWithOperation(bindingId, 1)],
        {
          lastSequence: attach.envelope.sequence,
          sequenceExhausted: false,
          bindings: [{ bindingId, providerId: unitProviderId() }],
        },
      ),
    );
    expect(report.providerEffects).toEqual({
      delivered: 1,
      queueFull: 0,
      disconnected: 0,
      unbound: 0,
    });
    expect(runtime.state()).toBe('active');
    expect(expectInvoke(runtime.tryRecv()).operationId()).toBe(1);
  });

  it('prunes the operation a receipt settled once the step is published', () => {
    const { port, runtime, sequence, completed } = answeredInvocation();
    expect(runtimeBindingOf(runtime).operations.size).toBe(1);
    port.publishStep(completed);
    expect(unwrap(runtime.tryRecvObservationOutcome())).toMatchObject({
      sequence,
      status: { kind: 'applied' },
    });
    expect(runtimeBindingOf(runtime).operations.size).toBe(0);
  });

  it('delivers receipts before retiring a binding the kernel dropped, and never publishes it', () => {
    const { port, client, runtime, sequence, completed } = answeredInvocation();
    const providerRuntime = completed.backendSnapshot.providerRuntime;
    expect(providerRuntime.bindings.map((entry) => entry.providerId)).toEqual([providerId()]);
    expect(client.snapshot().availableProviders).toEqual([providerId()]);
    port.publishStep({
      ...completed,
      backendSnapshot: {
        ...completed.backendSnapshot,
        providerRuntime: { ...providerRuntime, bindings: [] },
      },
    });
    expect(unwrap(runtime.tryRecvObservationOutcome())).toMatchObject({
      sequence,
      status: { kind: 'applied' },
    });
    expect(runtime.state()).toBe('closed');
    expect(client.snapshot().availableProviders).toEqual([]);
  });
});
