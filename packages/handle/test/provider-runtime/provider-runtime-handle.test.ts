// What upstream leaves out: the boundaries and bad input of the provider-runtime handles.
import type { BackendIngress } from '@gate4agent/kernel';
import { TOOL_INLINE_RESULT_MAX_BYTES, ToolProviderId } from '@gate4agent/tool-protocol';
import { err, ok, unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  COUNTER_MAX,
  MAX_PROVIDER_EFFECT_CAPACITY,
  MAX_PROVIDER_RUNTIMES,
} from '../../src/constants.js';
import type { ProviderInvocation } from '../../src/provider-runtime/contract/provider-invocation.js';
import { ProviderRuntimeError } from '../../src/provider-runtime/contract/provider-runtime-error.js';
import { TryRecvError } from '../../src/provider-runtime/contract/try-recv-error.js';
import { ProviderKernelPort } from '../../src/provider-runtime/provider-kernel-port.js';
import { runtimeBindingOf } from '../../src/provider-runtime/provider-runtime-handle.js';
import { BoundedQueue } from '../../src/queue/bounded-queue.js';
import {
  activate,
  boundInvoke,
  boundInvokeWithOperation,
  expectInvoke,
  providerId,
  recvProvider,
  result,
} from '../support/provider-fixtures.js';

function providerRuntime(capacity: number) {
  const ingress = new BoundedQueue<BackendIngress>(capacity);
  const port = new ProviderKernelPort(ingress);
  return { ingress, port, authority: port.authorityHandle() };
}

describe('ProviderRuntimeAuthorityHandle.bindProvider', () => {
  it('registers MAX_PROVIDER_RUNTIMES bindings and refuses one more without consuming a sequence', () => {
    const { ingress, authority, port } = providerRuntime(MAX_PROVIDER_RUNTIMES + 1);
    for (let index = 0; index < MAX_PROVIDER_RUNTIMES; index += 1) {
      unwrap(authority.bindProvider(ToolProviderId.of(`gate.provider.${index}`), 1));
    }
    const next = port.registry.nextSequence;
    expect(authority.bindProvider(ToolProviderId.of('gate.provider.extra'), 1)).toEqual(
      err(ProviderRuntimeError.capacityExceeded()),
    );
    expect(port.registry.nextSequence).toBe(next);
    expect(ingress.length).toBe(MAX_PROVIDER_RUNTIMES);
  });

  it('returns full on a full ingress and registers nothing', () => {
    const { ingress, authority, port } = providerRuntime(1);
    unwrap(authority.bindProvider(ToolProviderId.of('gate.provider.a'), 1));
    expect(authority.bindProvider(providerId(), 1)).toEqual(err(ProviderRuntimeError.full()));
    expect(port.registry.bindings.has(providerId())).toBe(false);
    expect(port.registry.nextSequence).toBe(2);
    unwrap(ingress.tryRecv());
    expect(unwrap(authority.bindProvider(providerId(), 1)).bindingId()).toBe(2);
  });

  it('refuses a second binding of the same provider and a binding after exhaustion', () => {
    const { authority, port } = providerRuntime(8);
    unwrap(authority.bindProvider(providerId(), 1));
    expect(authority.bindProvider(providerId(), 1)).toEqual(
      err(ProviderRuntimeError.alreadyBound()),
    );
    port.registry.sequenceExhausted = true;
    expect(authority.bindProvider(ToolProviderId.of('gate.other'), 1)).toEqual(
      err(ProviderRuntimeError.counterExhausted('provider-runtime-sequence')),
    );
  });

  it('uses the last sequence as a binding id and exhausts the counter', () => {
    const { ingress, authority, port } = providerRuntime(8);
    port.registry.nextSequence = COUNTER_MAX;
    const runtime = unwrap(authority.bindProvider(providerId(), 1));
    expect(runtime.bindingId()).toBe(COUNTER_MAX);
    expect(recvProvider(ingress).sequence).toBe(COUNTER_MAX);
    expect(authority.sequenceExhausted()).toBe(true);
  });

  it('throws a typed misuse error for a provider id that did not come from its factory', () => {
    const { authority, port } = providerRuntime(8);
    expect(() => authority.bindProvider('bad id' as ToolProviderId, 1)).toThrow(
      expect.objectContaining({ name: 'Gate4AgentError', kind: 'invalid-argument' }),
    );
    expect(port.registry.nextSequence).toBe(1);
  });

  it('clamps the effect capacity to [1, MAX_PROVIDER_EFFECT_CAPACITY]', () => {
    const { authority } = providerRuntime(8);
    const zero = unwrap(authority.bindProvider(ToolProviderId.of('gate.a'), 0));
    const max = unwrap(authority.bindProvider(ToolProviderId.of('gate.b'), 1_024));
    const over = unwrap(authority.bindProvider(ToolProviderId.of('gate.c'), 1_025));
    expect([zero.effectCapacity(), max.effectCapacity(), over.effectCapacity()]).toEqual([
      1,
      MAX_PROVIDER_EFFECT_CAPACITY,
      MAX_PROVIDER_EFFECT_CAPACITY,
    ]);
    expect(zero.state()).toBe('attaching');
  });
});

describe('ProviderRuntimeHandle.tryComplete', () => {
  function invoked(capacity = 8) {
    const fixture = providerRuntime(capacity);
    const runtime = activate(fixture.authority, fixture.port, fixture.ingress);
    fixture.port.publishEffect(boundInvoke(runtime.bindingId()));
    const invocation = expectInvoke(runtime.tryRecv());
    return { ...fixture, runtime, invocation };
  }

  it('accepts the inline-result limit and refuses one byte more without consuming anything', () => {
    const { ingress, port, runtime, invocation } = invoked();
    const oversized = new Uint8Array(TOOL_INLINE_RESULT_MAX_BYTES + 1);
    const tooBig = {
      metadata: { ...result().metadata, byteLen: oversized.length },
      delivery: { kind: 'inline' as const, bytes: oversized },
    };
    const sequence = port.registry.nextSequence;
    expect(runtime.trySucceed(invocation, tooBig)).toEqual(
      err(ProviderRuntimeError.invalidObservation()),
    );
    expect(port.registry.nextSequence).toBe(sequence);
    expect(ingress.length).toBe(0);

    const limit = new Uint8Array(TOOL_INLINE_RESULT_MAX_BYTES);
    const atLimit = {
      metadata: { ...result().metadata, byteLen: limit.length },
      delivery: { kind: 'inline' as const, bytes: limit },
    };
    expect(runtime.trySucceed(invocation, atLimit)).toEqual(ok(sequence));
  });

  it('refuses a failure message with a control character', () => {
    const { runtime, invocation, ingress } = invoked();
    expect(
      runtime.tryFail(invocation, { kind: 'execution', redactedMessage: 'line\nbreak' }),
    ).toEqual(err(ProviderRuntimeError.invalidObservation()));
    expect(ingress.length).toBe(0);
    expect(
      unwrap(runtime.tryFail(invocation, { kind: 'execution', redactedMessage: 'failed' })),
    ).toBeGreaterThan(0);
  });

  it('reports a malformed observation from untyped code as invalid instead of throwing', () => {
    const { runtime, invocation, ingress } = invoked();
    const malformed = { kind: 'succeeded' } as unknown as Parameters<typeof runtime.tryComplete>[1];
    expect(runtime.tryComplete(invocation, malformed)).toEqual(
      err(ProviderRuntimeError.invalidObservation()),
    );
    expect(ingress.length).toBe(0);
  });

  it('consumes a ticket exactly once', () => {
    const { runtime, invocation } = invoked();
    unwrap(runtime.trySucceed(invocation, result()));
    expect(runtime.trySucceed(invocation, result())).toEqual(
      err(ProviderRuntimeError.alreadyCompleted()),
    );
  });

  it('treats an invocation it did not issue as foreign', () => {
    const { runtime, invocation } = invoked();
    const forged: ProviderInvocation = {
      bindingId: () => invocation.bindingId(),
      operationId: () => invocation.operationId(),
      requestKey: () => invocation.requestKey(),
      capabilityId: () => invocation.capabilityId(),
      deadlineTick: () => invocation.deadlineTick(),
      resourceScopeId: () => invocation.resourceScopeId(),
      payload: () => invocation.payload(),
      cancellationToken: () => invocation.cancellationToken(),
    };
    expect(runtime.trySucceed(forged, result())).toEqual(
      err(ProviderRuntimeError.foreignInvocation()),
    );
  });

  it('is inactive after close and refuses with the counter exhausted', () => {
    const closed = invoked();
    unwrap(closed.runtime.close());
    expect(closed.runtime.trySucceed(closed.invocation, result())).toEqual(
      err(ProviderRuntimeError.inactive()),
    );

    const exhausted = invoked();
    exhausted.port.registry.sequenceExhausted = true;
    expect(exhausted.runtime.trySucceed(exhausted.invocation, result())).toEqual(
      err(ProviderRuntimeError.counterExhausted('provider-runtime-sequence')),
    );
  });

  it('fences the binding when an observation spends the last sequence', () => {
    const { runtime, invocation, port } = invoked();
    const token = invocation.cancellationToken();
    port.registry.nextSequence = COUNTER_MAX;
    expect(runtime.trySucceed(invocation, result())).toEqual(ok(COUNTER_MAX));
    expect(runtime.state()).toBe('closing');
    expect(token.isCancelled()).toBe(true);
    expect(runtime.tryRecv()).toEqual(err(TryRecvError.disconnected()));
  });
});

describe('receipts and lifecycle', () => {
  it('faults the binding when a receipt cannot be delivered, and on a contract violation', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const runtime = unwrap(authority.bindProvider(providerId(), 1));
    const attach = recvProvider(ingress);
    port.publishOutcome({
      sequence: attach.sequence,
      bindingId: runtime.bindingId(),
      providerId: providerId(),
      result: ok({ kind: 'attached' }),
    });
    port.publishEffect(boundInvokeWithOperation(runtime.bindingId(), 1));
    const first = expectInvoke(runtime.tryRecv());
    port.publishEffect(boundInvokeWithOperation(runtime.bindingId(), 2));
    const second = expectInvoke(runtime.tryRecv());
    const firstSequence = unwrap(runtime.trySucceed(first, result()));
    const secondSequence = unwrap(runtime.trySucceed(second, result()));
    const applied = (sequence: number, invocation: ProviderInvocation) => ({
      sequence,
      bindingId: runtime.bindingId(),
      providerId: providerId(),
      result: ok({
        kind: 'observation-applied' as const,
        operationId: invocation.operationId(),
        requestKey: invocation.requestKey(),
      }),
    });
    port.publishOutcome(applied(firstSequence, first));
    expect(runtime.state()).toBe('active');
    port.publishOutcome(applied(secondSequence, second));
    expect(runtime.state()).toBe('closing');
    expect(runtime.cancellationToken().isCancelled()).toBe(true);
    expect(unwrap(runtime.tryRecvObservationOutcome()).sequence).toBe(firstSequence);
  });

  it('reports a mismatched answer as a contract violation before anything else', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const runtime = activate(authority, port, ingress);
    port.publishEffect(boundInvoke(runtime.bindingId()));
    const invocation = expectInvoke(runtime.tryRecv());
    const sequence = unwrap(runtime.trySucceed(invocation, result()));
    port.publishOutcome({
      sequence,
      bindingId: runtime.bindingId(),
      providerId: providerId(),
      result: ok({ kind: 'attached' }),
    });
    expect(runtime.state()).toBe('closing');
    expect(unwrap(runtime.tryRecvObservationOutcome()).status).toEqual({
      kind: 'contract-violation',
    });
  });

  it('ignores outcomes and effects for bindings it does not own', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const runtime = activate(authority, port, ingress);
    port.publishOutcome({
      sequence: 1,
      bindingId: 99 as never,
      providerId: providerId(),
      result: ok({ kind: 'detached', closedRequestCount: 0 }),
    });
    expect(runtime.state()).toBe('active');
    expect(port.publishEffect(boundInvoke(99 as never))).toEqual({
      delivered: 0,
      queueFull: 0,
      disconnected: 0,
      unbound: 1,
    });
  });

  it('refuses work for an attaching binding without changing it, and faults on a duplicate invoke', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const attaching = unwrap(authority.bindProvider(providerId(), 2));
    expect(port.publishEffect(boundInvoke(attaching.bindingId())).disconnected).toBe(1);
    expect(attaching.state()).toBe('attaching');
    expect(attaching.cancellationToken().isCancelled()).toBe(false);

    const attach = recvProvider(ingress);
    port.publishOutcome({
      sequence: attach.sequence,
      bindingId: attaching.bindingId(),
      providerId: providerId(),
      result: ok({ kind: 'attached' }),
    });
    expect(port.publishEffect(boundInvoke(attaching.bindingId())).delivered).toBe(1);
    expect(port.publishEffect(boundInvoke(attaching.bindingId())).disconnected).toBe(1);
    expect(attaching.state()).toBe('closing');
  });

  it('answers pending observations with runtime-closed receipts in ascending sequence on retirement', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const runtime = activate(authority, port, ingress);
    port.publishEffect(boundInvokeWithOperation(runtime.bindingId(), 1));
    port.publishEffect(boundInvokeWithOperation(runtime.bindingId(), 2));
    const first = expectInvoke(runtime.tryRecv());
    const second = expectInvoke(runtime.tryRecv());
    const a = unwrap(runtime.trySucceed(first, result()));
    const b = unwrap(runtime.trySucceed(second, result()));
    port.reconcileSnapshot({ lastSequence: b, sequenceExhausted: false, bindings: [] });
    expect(runtime.state()).toBe('closed');
    expect(unwrap(runtime.tryRecvObservationOutcome()).sequence).toBe(a);
    expect(unwrap(runtime.tryRecvObservationOutcome()).sequence).toBe(b);
    expect(runtime.tryRecvObservationOutcome()).toEqual(err(TryRecvError.disconnected()));
  });

  it('keeps quiesce idempotent and refuses it before the attach is answered', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const attaching = unwrap(authority.bindProvider(providerId(), 2));
    expect(attaching.beginQuiesce()).toEqual(err(ProviderRuntimeError.inactive()));
    expect(attaching.state()).toBe('attaching');
    const attach = recvProvider(ingress);
    port.publishOutcome({
      sequence: attach.sequence,
      bindingId: attaching.bindingId(),
      providerId: providerId(),
      result: ok({ kind: 'attached' }),
    });
    expect(attaching.beginQuiesce()).toEqual(ok());
    expect(attaching.beginQuiesce()).toEqual(ok());
    expect(attaching.state()).toBe('closing');
  });

  it('returns the in-flight detach sequence again and is inactive once closed', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const runtime = activate(authority, port, ingress);
    const detach = unwrap(runtime.close());
    expect(runtime.close()).toEqual(ok(detach));
    port.publishOutcome({
      sequence: detach,
      bindingId: runtime.bindingId(),
      providerId: providerId(),
      result: ok({ kind: 'detached', closedRequestCount: 0 }),
    });
    expect(runtime.state()).toBe('closed');
    expect(runtime.close()).toEqual(err(ProviderRuntimeError.inactive()));
    expect(runtime.beginQuiesce()).toEqual(err(ProviderRuntimeError.inactive()));
  });

  it('dispose requests the detach once and drops both readers', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const runtime = activate(authority, port, ingress);
    runtime.dispose();
    runtime.dispose();
    const detach = recvProvider(ingress);
    expect(detach.command.kind).toBe('detach');
    expect(ingress.length).toBe(0);
    expect(runtimeBindingOf(runtime).receipts.receiverClosed).toBe(true);
    expect(runtime.state()).toBe('closing');
  });

  it('shares one sequence between attach, observe and detach, so binding ids only grow', () => {
    const { ingress, port, authority } = providerRuntime(8);
    const first = activate(authority, port, ingress);
    port.publishEffect(boundInvoke(first.bindingId()));
    const invocation = expectInvoke(first.tryRecv());
    expect(unwrap(first.trySucceed(invocation, result()))).toBe(2);
    expect(unwrap(first.close())).toBe(3);
    const other = unwrap(authority.bindProvider(ToolProviderId.of('gate.other'), 1));
    expect(other.bindingId()).toBe(4);
  });
});
