// The integration scenario of issue 3, by hand with the real kernel and no processes: three
// clients, 96 released invocations, every grant revoked in one step, then the provider retires.
import type { CapabilityRequestKey } from '@gate4agent/tool-protocol';
import { CapabilityRequestKey as RequestKey, ToolActorId } from '@gate4agent/tool-protocol';
import { err, unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { boundedControlPlane } from '../../src/control-plane/bounded-control-plane.js';
import type { ProviderInvocation } from '../../src/provider-runtime/contract/provider-invocation.js';
import { TryRecvError } from '../../src/provider-runtime/contract/try-recv-error.js';
import { ToolClientDispatchError } from '../../src/tool/tool-client-dispatch-error.js';
import {
  grant,
  kernelWith,
  provider,
  providerId,
  request,
  startRunning,
} from '../support/control-plane-fixtures.js';
import { expectCancel, expectInvoke } from '../support/provider-fixtures.js';
import { expectCompletion } from '../support/receive.js';

const CLIENTS = 3;
const REQUESTS_PER_CLIENT = 32;
const TOTAL = CLIENTS * REQUESTS_PER_CLIENT;

describe('boundedControlPlane with the kernel', () => {
  it('revokes 96 released invocations in one step and hides a retiring provider', () => {
    const [gate, authority, port] = boundedControlPlane(256);
    const kernel = kernelWith([provider()]);
    const runtime = unwrap(port.providerAuthority().bindProvider(providerId(), 128));
    const generation = startRunning(kernel, gate, port);
    expect(runtime.state()).toBe('active');

    const clients = Array.from({ length: CLIENTS }, (_, index) =>
      unwrap(authority.bindClient(ToolActorId.of(`agent.integration-${index}`))),
    );
    const completions = clients.map((client) => client.subscribeCompletions(REQUESTS_PER_CLIENT));
    const grants = clients.map((client) => grant(client, generation, 'allow'));
    for (const policy of grants) unwrap(authority.dispatch({ kind: 'set-grant', grant: policy }));
    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
    for (const client of clients) expect(client.snapshot().grants.length).toBe(1);
    expect(clients[0]?.snapshot().availableProviders).toEqual([providerId()]);

    const keys: CapabilityRequestKey[] = [];
    for (const client of clients) {
      for (let localId = 1; localId <= REQUESTS_PER_CLIENT; localId += 1) {
        keys.push(unwrap(client.dispatch(request(localId, generation))));
      }
    }
    const invoked = kernel.stepControlPlane(port.drainIngress(TOTAL + 1), []);
    expect(invoked.toolEffects.length).toBe(TOTAL);
    expect(port.publishStep(invoked).providerEffects.delivered).toBe(TOTAL);

    const invocations: ProviderInvocation[] = [];
    for (let index = 0; index < TOTAL; index += 1)
      invocations.push(expectInvoke(runtime.tryRecv()));
    expect(runtime.tryRecv()).toEqual(err(TryRecvError.empty()));
    expect(invocations.map((invocation) => invocation.requestKey())).toEqual(keys);
    const tokens = invocations.map((invocation) => invocation.cancellationToken());
    expect(tokens.some((token) => token.isCancelled())).toBe(false);

    for (const policy of grants) {
      unwrap(authority.dispatch({ kind: 'revoke-grant', key: policy.key }));
    }
    const revoked = kernel.stepControlPlane(port.drainIngress(8), []);
    expect(revoked.toolEffects.length).toBe(TOTAL);
    const report = port.publishStep(revoked);
    expect(report.providerEffects.delivered).toBe(TOTAL);
    expect(report.completions.delivered).toBe(TOTAL);

    // Every token flipped at publication, before any cancel work was received.
    expect(tokens.every((token) => token.isCancelled())).toBe(true);
    const cancelled = new Set<string>();
    for (let index = 0; index < TOTAL; index += 1) {
      const cancellation = expectCancel(runtime.tryRecv());
      const invocation = invocations[index];
      expect(cancellation.reason()).toBe('grant-revoked');
      expect(cancellation.bindingId()).toBe(runtime.bindingId());
      expect(cancellation.operationId()).toBe(invocation?.operationId());
      expect(cancellation.requestKey()).toEqual(invocation?.requestKey());
      cancelled.add(RequestKey.mapKey(cancellation.requestKey()));
    }
    expect(cancelled.size).toBe(TOTAL);
    expect(runtime.tryRecv()).toEqual(err(TryRecvError.empty()));

    clients.forEach((client, clientIndex) => {
      const subscription = completions[clientIndex];
      if (subscription === undefined) throw new Error('missing subscription');
      const received = new Set<string>();
      for (let index = 0; index < REQUESTS_PER_CLIENT; index += 1) {
        const completion = expectCompletion(subscription.tryRecv());
        expect(completion.requestKey.consumerId).toBe(client.consumerId());
        expect(completion.requestKey.actorId).toBe(client.actorId());
        expect(completion.outcome).toEqual({
          kind: 'grant-revoked',
          cancellation: 'cancel-queued-unconfirmed',
        });
        expect(completion.operationId).not.toBeNull();
        received.add(RequestKey.mapKey(completion.requestKey));
      }
      expect(received.size).toBe(REQUESTS_PER_CLIENT);
      expect(subscription.tryRecv()).toEqual(err(TryRecvError.empty()));
    });
    expect(runtime.state()).toBe('active');
    expect(runtime.cancellationToken().isCancelled()).toBe(false);

    // Retirement: hidden only by the next publication, then refused at the edge.
    unwrap(runtime.beginQuiesce());
    expect(runtime.state()).toBe('closing');
    expect(clients[0]?.snapshot().availableProviders).toEqual([providerId()]);
    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
    for (const client of clients) {
      expect(client.snapshot().availableProviders).toEqual([]);
      expect(client.dispatch(request(REQUESTS_PER_CLIENT + 1, generation))).toEqual(
        err(ToolClientDispatchError.providerUnavailable(providerId())),
      );
    }
    expect(port.drainIngress(8)).toEqual([]);
    expect(authority.snapshot().providerRuntime.bindings).toEqual([
      { bindingId: runtime.bindingId(), providerId: providerId() },
    ]);
  });
});
