// Port of the unit tests of upstream `crates/gate4agent-handle/src/provider_runtime.rs`: the
// registry is built standalone on a raw ingress queue and the kernel-side functions are called
// directly.
import type { BackendIngress } from '@gate4agent/kernel';
import { KernelProviderError } from '@gate4agent/kernel';
import { CapabilityRequestId } from '@gate4agent/tool-protocol';
import { err, ok, unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { COUNTER_MAX } from '../src/constants.js';
import { ProviderRuntimeError } from '../src/provider-runtime/contract/provider-runtime-error.js';
import { TryRecvError } from '../src/provider-runtime/contract/try-recv-error.js';
import { ProviderKernelPort } from '../src/provider-runtime/provider-kernel-port.js';
import { runtimeBindingOf } from '../src/provider-runtime/provider-runtime-handle.js';
import { BoundedQueue } from '../src/queue/bounded-queue.js';
import {
  activate,
  binding,
  boundCancel,
  boundInvoke,
  boundInvokeWithOperation,
  expectCancel,
  expectInvoke,
  providerId,
  recvProvider,
  result,
} from './support/provider-fixtures.js';

function providerRuntime(capacity: number) {
  const ingress = new BoundedQueue<BackendIngress>(capacity);
  const port = new ProviderKernelPort(ingress);
  return { ingress, port, authority: port.authorityHandle() };
}

const operationCount = (runtime: Parameters<typeof runtimeBindingOf>[0]): number =>
  runtimeBindingOf(runtime).operations.size;

describe('provider_runtime.rs', () => {
  it('rejected_observation_is_correlated_and_faults_binding', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const runtime = activate(authority, port, ingress);
    expect(port.publishEffect(boundInvoke(runtime.bindingId())).delivered).toBe(1);
    const invocation = expectInvoke(runtime.tryRecv());
    const sequence = unwrap(runtime.trySucceed(invocation, result()));
    const observation = recvProvider(ingress);
    expect(observation.sequence).toBe(sequence);

    port.publishOutcome({
      sequence,
      bindingId: runtime.bindingId(),
      providerId: providerId(),
      result: err(KernelProviderError.integrationBlocked()),
    });
    const receipt = unwrap(runtime.tryRecvObservationOutcome());
    expect(receipt.sequence).toBe(sequence);
    expect(receipt.status).toEqual({
      kind: 'rejected',
      error: KernelProviderError.integrationBlocked(),
    });
    expect(runtime.state()).toBe('closing');
    expect(runtime.cancellationToken().isCancelled()).toBe(true);
  });

  it('full_observation_ingress_is_retryable_without_consuming_ticket', () => {
    const { ingress, port, authority } = providerRuntime(1);
    const runtime = activate(authority, port, ingress);
    expect(port.publishEffect(boundInvoke(runtime.bindingId())).delivered).toBe(1);
    expect(port.publishEffect(boundInvokeWithOperation(runtime.bindingId(), 2)).delivered).toBe(1);
    const first = expectInvoke(runtime.tryRecv());
    const second = expectInvoke(runtime.tryRecv());

    expect(unwrap(runtime.trySucceed(first, result()))).toBe(2);
    expect(runtime.trySucceed(second, result())).toEqual(err(ProviderRuntimeError.full()));
    expect(recvProvider(ingress).sequence).toBe(2);
    expect(unwrap(runtime.trySucceed(second, result()))).toBe(3);
    expect(recvProvider(ingress).sequence).toBe(3);
  });

  it('closing_attach_survives_prefix_snapshot_until_attach_is_reduced', () => {
    const { ingress, port, authority } = providerRuntime(1);
    const runtime = unwrap(authority.bindProvider(providerId(), 1));
    const bindingId = runtime.bindingId();
    expect(runtime.close()).toEqual(err(ProviderRuntimeError.full()));
    expect(runtime.state()).toBe('closing');

    port.reconcileSnapshot({ lastSequence: 0, sequenceExhausted: false, bindings: [] });
    expect(runtime.state()).toBe('closing');
    expect(authority.bindProvider(providerId(), 1)).toEqual(
      err(ProviderRuntimeError.alreadyBound()),
    );

    const attach = recvProvider(ingress);
    port.publishOutcome({
      sequence: attach.sequence,
      bindingId,
      providerId: providerId(),
      result: ok({ kind: 'attached' }),
    });
    port.reconcileSnapshot({
      lastSequence: attach.sequence,
      sequenceExhausted: false,
      bindings: [{ bindingId, providerId: providerId() }],
    });
    expect(runtime.state()).toBe('closing');

    port.flushClosingBindings();
    const detach = recvProvider(ingress);
    expect(detach.sequence).toBe(2);
    port.publishOutcome({
      sequence: detach.sequence,
      bindingId,
      providerId: providerId(),
      result: ok({ kind: 'detached', closedRequestCount: 0 }),
    });
    port.reconcileSnapshot({
      lastSequence: detach.sequence,
      sequenceExhausted: false,
      bindings: [],
    });
    expect(runtime.state()).toBe('closed');
  });

  it('prequeued_work_is_fenced_as_soon_as_close_linearizes', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const runtime = activate(authority, port, ingress);
    expect(port.publishEffect(boundInvoke(runtime.bindingId())).delivered).toBe(1);
    unwrap(runtime.close());
    expect(runtime.cancellationToken().isCancelled()).toBe(true);
    expect(runtime.tryRecv()).toEqual(err(TryRecvError.disconnected()));
  });

  it('maximum_sequence_retires_binding_without_local_zombie', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const runtime = activate(authority, port, ingress);
    port.registry.nextSequence = COUNTER_MAX;

    expect(unwrap(runtime.close())).toBe(COUNTER_MAX);
    expect(authority.sequenceExhausted()).toBe(true);
    const detach = recvProvider(ingress);
    expect(detach.sequence).toBe(COUNTER_MAX);

    port.reconcileSnapshot({ lastSequence: COUNTER_MAX, sequenceExhausted: true, bindings: [] });
    expect(runtime.state()).toBe('closed');
    expect(authority.activeBindingCount()).toBe(0);
    expect(authority.bindProvider(providerId(), 1)).toEqual(
      err(ProviderRuntimeError.counterExhausted('provider-runtime-sequence')),
    );
  });

  it('foreign_binding_is_quarantined_until_canonical_absence', () => {
    const { ingress, port, authority } = providerRuntime(8);
    port.reconcileSnapshot({
      lastSequence: 9,
      sequenceExhausted: false,
      bindings: [{ bindingId: binding(9), providerId: providerId() }],
    });
    expect(authority.bindProvider(providerId(), 1)).toEqual(
      err(ProviderRuntimeError.alreadyBound()),
    );

    port.reconcileSnapshot({ lastSequence: 9, sequenceExhausted: false, bindings: [] });
    const replacement = unwrap(authority.bindProvider(providerId(), 1));
    expect(replacement.bindingId()).toBe(binding(10));
    expect(recvProvider(ingress).sequence).toBe(10);
  });

  it('cancel_marks_only_exact_operation_before_cancel_work_is_received', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const runtime = activate(authority, port, ingress);
    const firstEffect = boundInvokeWithOperation(runtime.bindingId(), 1);
    const secondEffect = boundInvokeWithOperation(runtime.bindingId(), 2);
    expect(port.publishEffect(firstEffect).delivered).toBe(1);
    expect(port.publishEffect(secondEffect).delivered).toBe(1);
    const first = expectInvoke(runtime.tryRecv());
    const second = expectInvoke(runtime.tryRecv());
    const firstToken = first.cancellationToken();
    const secondToken = second.cancellationToken();
    const bindingToken = runtime.cancellationToken();

    const cancel = boundCancel(firstEffect, 3, 'grant-revoked');
    expect(port.publishEffect(cancel).delivered).toBe(1);
    expect(firstToken.isCancelled()).toBe(true);
    expect(secondToken.isCancelled()).toBe(false);
    expect(bindingToken.isCancelled()).toBe(false);
    const cancellation = expectCancel(runtime.tryRecv());
    expect(cancellation.operationId()).toBe(first.operationId());
    expect(cancellation.requestKey()).toEqual(first.requestKey());
    expect(cancellation.reason()).toBe('grant-revoked');
  });

  it('quiesce_hides_binding_but_preserves_admitted_work_and_receipts', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const runtime = activate(authority, port, ingress);
    expect(port.publishEffect(boundInvoke(runtime.bindingId())).delivered).toBe(1);

    unwrap(runtime.beginQuiesce());
    expect(runtime.state()).toBe('closing');
    expect(authority.activeBindingCount()).toBe(0);
    expect(port.activeBindings().size).toBe(0);

    const invocation = expectInvoke(runtime.tryRecv());
    expect(invocation.cancellationToken().isCancelled()).toBe(true);
    const sequence = unwrap(runtime.trySucceed(invocation, result()));
    expect(recvProvider(ingress).sequence).toBe(sequence);

    port.publishOutcome({
      sequence,
      bindingId: runtime.bindingId(),
      providerId: providerId(),
      result: ok({
        kind: 'observation-applied',
        operationId: invocation.operationId(),
        requestKey: invocation.requestKey(),
      }),
    });
    const receipt = unwrap(runtime.tryRecvObservationOutcome());
    expect(receipt.sequence).toBe(sequence);
    expect(receipt.status).toEqual({ kind: 'applied' });
    port.finishStep();
    expect(operationCount(runtime)).toBe(0);

    unwrap(runtime.close());
    expect(unwrap(ingress.tryRecv()).kind).toBe('tool-provider');
  });

  it('ignored_observation_is_pruned_only_after_same_step_cancel_is_published', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const runtime = activate(authority, port, ingress);
    const effect = boundInvoke(runtime.bindingId());
    expect(port.publishEffect(effect).delivered).toBe(1);
    const invocation = expectInvoke(runtime.tryRecv());
    const token = invocation.cancellationToken();
    const sequence = unwrap(runtime.trySucceed(invocation, result()));
    unwrap(ingress.tryRecv());

    port.publishOutcome({
      sequence,
      bindingId: runtime.bindingId(),
      providerId: providerId(),
      result: ok({
        kind: 'observation-ignored',
        operationId: invocation.operationId(),
        requestKey: invocation.requestKey(),
        reason: 'request-not-dispatched',
      }),
    });
    expect(token.isCancelled()).toBe(false);
    expect(operationCount(runtime)).toBe(1);
    expect(
      port.publishEffect(boundCancel(effect, effect.effect.sequence + 1, 'grant-revoked'))
        .delivered,
    ).toBe(1);
    expect(token.isCancelled()).toBe(true);
    port.finishStep();
    expect(operationCount(runtime)).toBe(0);
    expect(runtime.state()).toBe('active');
    expect(runtime.cancellationToken().isCancelled()).toBe(false);
  });

  it('dropping_provider_runtime_port_retires_retained_handles_and_pending_receipts', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const runtime = activate(authority, port, ingress);
    expect(port.publishEffect(boundInvokeWithOperation(runtime.bindingId(), 1)).delivered).toBe(1);
    expect(port.publishEffect(boundInvokeWithOperation(runtime.bindingId(), 2)).delivered).toBe(1);
    const submitted = expectInvoke(runtime.tryRecv());
    const retained = expectInvoke(runtime.tryRecv());
    const submittedToken = submitted.cancellationToken();
    const retainedToken = retained.cancellationToken();
    const completion = runtime.completionHandle();
    const pendingSequence = unwrap(runtime.trySucceed(submitted, result()));
    unwrap(ingress.tryRecv());

    port.dispose();

    expect(runtime.state()).toBe('closed');
    expect(runtime.cancellationToken().isCancelled()).toBe(true);
    expect(submittedToken.isCancelled()).toBe(true);
    expect(retainedToken.isCancelled()).toBe(true);
    const receipt = unwrap(runtime.tryRecvObservationOutcome());
    expect(receipt.sequence).toBe(pendingSequence);
    expect(receipt.status).toEqual({ kind: 'runtime-closed' });
    expect(runtime.tryRecv()).toEqual(err(TryRecvError.disconnected()));
    expect(completion.trySucceed(retained, result())).toEqual(
      err(ProviderRuntimeError.disconnected()),
    );
    expect(authority.bindProvider(providerId(), 1)).toEqual(
      err(ProviderRuntimeError.disconnected()),
    );
  });

  it('disconnected_ingress_fences_all_provider_bindings', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const runtime = activate(authority, port, ingress);
    expect(port.publishEffect(boundInvoke(runtime.bindingId())).delivered).toBe(1);
    const invocation = expectInvoke(runtime.tryRecv());
    const token = invocation.cancellationToken();
    ingress.closeReceiver();

    expect(runtime.trySucceed(invocation, result())).toEqual(
      err(ProviderRuntimeError.disconnected()),
    );
    expect(runtime.state()).toBe('closed');
    expect(token.isCancelled()).toBe(true);
    expect(authority.bindProvider(providerId(), 1)).toEqual(
      err(ProviderRuntimeError.disconnected()),
    );
  });

  it('detach_retries_after_block_and_sequence_resync_until_canonical_absence', () => {
    const { ingress, port, authority } = providerRuntime(16);
    const runtime = activate(authority, port, ingress);
    const bindingId = runtime.bindingId();
    const firstDetach = unwrap(runtime.close());
    unwrap(ingress.tryRecv());
    port.publishOutcome({
      sequence: firstDetach,
      bindingId,
      providerId: providerId(),
      result: err(KernelProviderError.integrationBlocked()),
    });
    expect(runtime.state()).toBe('closing');

    port.flushClosingBindings();
    const second = recvProvider(ingress);
    port.publishOutcome({
      sequence: second.sequence,
      bindingId,
      providerId: providerId(),
      result: err(KernelProviderError.sequenceRegressed(9, second.sequence)),
    });
    port.reconcileSnapshot({
      lastSequence: 9,
      sequenceExhausted: false,
      bindings: [{ bindingId, providerId: providerId() }],
    });
    port.flushClosingBindings();
    const finalDetach = recvProvider(ingress);
    expect(finalDetach.sequence).toBe(10);
    port.publishOutcome({
      sequence: finalDetach.sequence,
      bindingId,
      providerId: providerId(),
      result: ok({ kind: 'detached', closedRequestCount: 0 }),
    });
    port.reconcileSnapshot({ lastSequence: 10, sequenceExhausted: false, bindings: [] });
    expect(runtime.state()).toBe('closed');
    expect(authority.activeBindingCount()).toBe(0);
  });

  it('mismatched_cancel_correlation_faults_binding_without_retargeting', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const runtime = activate(authority, port, ingress);
    const effect = boundInvoke(runtime.bindingId());
    expect(port.publishEffect(effect).delivered).toBe(1);
    const invocation = expectInvoke(runtime.tryRecv());
    const token = invocation.cancellationToken();
    const cancel = boundCancel(effect, 2, 'grant-revoked');
    const mismatched = {
      ...cancel,
      effect: {
        ...cancel.effect,
        requestKey: { ...cancel.effect.requestKey, localId: CapabilityRequestId.of(99) },
      },
    };

    const report = port.publishEffect(mismatched);
    expect(report.disconnected).toBe(1);
    expect(runtime.state()).toBe('closing');
    expect(runtime.cancellationToken().isCancelled()).toBe(true);
    expect(token.isCancelled()).toBe(true);
    expect(operationCount(runtime)).toBe(0);
    expect(runtime.tryRecv()).toEqual(err(TryRecvError.disconnected()));
  });

  it('work_queue_overflow_cancels_registered_operations_without_zombies', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const runtime = unwrap(authority.bindProvider(providerId(), 1));
    const attach = recvProvider(ingress);
    port.publishOutcome({
      sequence: attach.sequence,
      bindingId: runtime.bindingId(),
      providerId: providerId(),
      result: ok({ kind: 'attached' }),
    });
    expect(port.publishEffect(boundInvokeWithOperation(runtime.bindingId(), 1)).delivered).toBe(1);
    const first = expectInvoke(runtime.tryRecv());
    const firstToken = first.cancellationToken();
    expect(port.publishEffect(boundInvokeWithOperation(runtime.bindingId(), 2)).delivered).toBe(1);

    const report = port.publishEffect(boundInvokeWithOperation(runtime.bindingId(), 3));
    expect(report.queueFull).toBe(1);
    expect(runtime.state()).toBe('closing');
    expect(firstToken.isCancelled()).toBe(true);
    expect(runtime.cancellationToken().isCancelled()).toBe(true);
    expect(operationCount(runtime)).toBe(0);
  });

  it('observation_submission_racing_port_drop_is_linearizable', () => {
    // One thread: the two interleavings of the Rust race, each run to completion.
    for (const order of ['complete-first', 'drop-first'] as const) {
      const { ingress, port, authority } = providerRuntime(8);
      const runtime = activate(authority, port, ingress);
      expect(port.publishEffect(boundInvoke(runtime.bindingId())).delivered).toBe(1);
      const invocation = expectInvoke(runtime.tryRecv());
      const token = invocation.cancellationToken();
      const completion = runtime.completionHandle();

      let completionResult: ReturnType<typeof completion.trySucceed>;
      if (order === 'complete-first') {
        completionResult = completion.trySucceed(invocation, result());
        port.dispose();
        expect(completionResult.ok).toBe(true);
      } else {
        port.dispose();
        completionResult = completion.trySucceed(invocation, result());
        expect(completionResult).toEqual(err(ProviderRuntimeError.disconnected()));
      }

      expect(
        completionResult.ok ||
          (completionResult.error.kind === 'disconnected' &&
            completionResult.error.message === ProviderRuntimeError.disconnected().message),
      ).toBe(true);
      expect(runtime.state()).toBe('closed');
      expect(token.isCancelled()).toBe(true);
      expect(authority.bindProvider(providerId(), 1)).toEqual(
        err(ProviderRuntimeError.disconnected()),
      );
    }
  });
});
