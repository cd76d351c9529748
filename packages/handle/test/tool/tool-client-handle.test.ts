// What upstream leaves out: the client's refusals, limits and scoped view.
import {
  CapabilityRequestId,
  isRedacted,
  ProviderBoundCapabilityRequest,
  TOOL_PAYLOAD_MAX_BYTES,
  ToolActorId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { err, SessionGeneration, unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { MAX_TOOL_SUBSCRIBERS_PER_CLIENT } from '../../src/constants.js';
import { boundedControlPlane } from '../../src/control-plane/bounded-control-plane.js';
import { TryRecvError } from '../../src/provider-runtime/contract/try-recv-error.js';
import { ToolClientDispatchError } from '../../src/tool/tool-client-dispatch-error.js';
import {
  grant,
  instance,
  kernelWith,
  provider,
  providerDescriptor,
  providerId,
  request,
  startRunning,
} from '../support/control-plane-fixtures.js';

const generation = SessionGeneration.of(0);

function plane(capacity = 8) {
  const [gate, authority, port] = boundedControlPlane(capacity);
  const client = unwrap(authority.bindClient(ToolActorId.of('agent.unit')));
  return { gate, authority, port, client };
}

describe('ToolClientHandle.dispatch', () => {
  it('accepts the payload limit and refuses one byte more without enqueueing it', () => {
    const { port, client } = plane();
    const over = { ...request(1, generation), payload: new Uint8Array(TOOL_PAYLOAD_MAX_BYTES + 1) };
    const refused = client.dispatch(over);
    expect(!refused.ok && refused.error.kind).toBe('invalid-request');
    expect(!refused.ok && refused.error.kind === 'invalid-request' && refused.error.error).toEqual(
      expect.objectContaining({ kind: 'too-large', max: TOOL_PAYLOAD_MAX_BYTES }),
    );
    expect(port.drainIngress(8)).toEqual([]);
    const atLimit = { ...request(1, generation), payload: new Uint8Array(TOOL_PAYLOAD_MAX_BYTES) };
    expect(client.dispatch(atLimit).ok).toBe(true);
    expect(port.drainIngress(8).length).toBe(1);
  });

  it('queues a hooked, checked request that the kernel takes as it is, and checks it again when reused', () => {
    const { port, client } = plane();
    const input = request(1, generation);
    unwrap(client.dispatch(input));
    input.payload[0] = 0xff;
    const [item] = port.drainIngress(8);
    if (item?.kind !== 'tool-request') throw new Error('expected one tool-request item');
    const queued = item.request;
    expect(queued.request.request).not.toBe(input);
    expect(queued.request.request.payload).toEqual(request(1, generation).payload);
    expect(
      isRedacted(queued) && isRedacted(queued.request) && isRedacted(queued.request.request),
    ).toBe(true);
    // The first check of the step takes the handed-off value itself; any later one copies again.
    expect(unwrap(ProviderBoundCapabilityRequest.codec.checkValue(queued))).toBe(queued);
    const again = unwrap(ProviderBoundCapabilityRequest.codec.checkValue(queued));
    expect(again).not.toBe(queued);
    expect(again).toEqual(queued);
  });

  it('refuses a zero local id and a deadline that the last publication already passed', () => {
    const { port, client } = plane();
    const zero = client.dispatch({ ...request(1, generation), localId: CapabilityRequestId.of(0) });
    expect(!zero.ok && zero.error.kind === 'invalid-request' && zero.error.error.kind).toBe(
      'zero-identifier',
    );
    const kernel = kernelWith([]);
    port.publishStep(kernel.stepControlPlane([], []));
    port.publishStep(kernel.stepControlPlane([], []));
    const late = client.dispatch({ ...request(1, generation), deadlineTick: 2 });
    expect(!late.ok && late.error.kind === 'invalid-request' && late.error.error.kind).toBe(
      'deadline-elapsed',
    );
    expect(client.dispatch({ ...request(1, generation), deadlineTick: 3 }).ok).toBe(true);
    expect(port.drainIngress(8).length).toBe(1);
  });

  it('queues a copy, so changing the payload afterwards changes nothing', () => {
    const { port, client } = plane();
    const input = request(1, generation);
    unwrap(client.dispatch(input));
    input.payload.fill(0);
    const [queued] = port.drainIngress(1);
    const payload = queued?.kind === 'tool-request' ? queued.request.request.request.payload : null;
    expect(new TextDecoder().decode(payload ?? new Uint8Array())).toBe('{"scope":"active-page"}');
  });

  it('reports full and disconnected from the shared ingress', () => {
    const { port, client } = plane(1);
    unwrap(client.dispatch(request(1, generation)));
    expect(client.dispatch(request(2, generation))).toEqual(err(ToolClientDispatchError.full()));
    port.dispose();
    port.drainIngress(1);
    expect(client.dispatch(request(2, generation))).toEqual(
      err(ToolClientDispatchError.disconnected()),
    );
  });

  it('lets an unregistered provider through unbound and binds a registered one', () => {
    const { port, client, authority } = plane();
    const kernel = kernelWith([provider()]);
    const runtime = unwrap(port.providerAuthority().bindProvider(providerId(), 2));
    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
    expect(runtime.state()).toBe('active');

    unwrap(client.dispatch(request(1, generation)));
    const unknown = ToolProviderId.of('gate.unknown');
    unwrap(client.dispatch({ ...request(2, generation), providerId: unknown }));
    const [bound, unbound] = port.drainIngress(8);
    expect(bound?.kind === 'tool-request' && bound.request.providerBindingId).toBe(
      runtime.bindingId(),
    );
    expect(unbound?.kind === 'tool-request' && unbound.request.providerBindingId).toBeNull();
    expect(authority.snapshot().tools.providers.map((entry) => entry.id)).toEqual([providerId()]);
  });
});

describe('ToolClientHandle subscriptions', () => {
  it('registers MAX_TOOL_SUBSCRIBERS_PER_CLIENT of each kind and gives the next a disconnected reader', () => {
    const { client } = plane();
    for (let index = 0; index < MAX_TOOL_SUBSCRIBERS_PER_CLIENT; index += 1) {
      client.subscribeRequestOutcomes(1);
      client.subscribeCompletions(1);
    }
    expect(client.subscribeRequestOutcomes(1).tryRecv()).toEqual(err(TryRecvError.disconnected()));
    expect(client.subscribeCompletions(1).tryRecv()).toEqual(err(TryRecvError.disconnected()));
  });

  it('keeps accepting subscriptions while a close is pending', () => {
    const { client, authority } = plane(1);
    unwrap(client.dispatch(request(1, generation)));
    expect(authority.closeClient(client).ok).toBe(false);
    expect(client.subscribeCompletions(1).tryRecv()).toEqual(err(TryRecvError.empty()));
  });
});

describe('ToolClientHandle.snapshot', () => {
  it('shows only gate providers and providers the client owns, available ones in id order', () => {
    const { port, client, authority } = plane(16);
    const other = unwrap(authority.bindClient(ToolActorId.of('agent.other')));
    const ownedByOther = {
      ...providerDescriptor(ToolProviderId.of('gate.a.owned')),
      owner: { kind: 'consumer' as const, consumerId: other.consumerId() },
    };
    const ownedByMe = {
      ...providerDescriptor(ToolProviderId.of('gate.b.mine')),
      owner: { kind: 'consumer' as const, consumerId: client.consumerId() },
    };
    const kernel = kernelWith([provider(), ownedByOther, ownedByMe]);
    const providers = port.providerAuthority();
    for (const id of [providerId(), ownedByOther.id, ownedByMe.id]) {
      unwrap(providers.bindProvider(id, 1));
    }
    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));

    const mine = client.snapshot();
    expect(mine.providers.map((entry) => entry.id)).toEqual([ownedByMe.id, providerId()]);
    expect(mine.availableProviders).toEqual([ownedByMe.id, providerId()]);
    const theirs = other.snapshot();
    expect(theirs.availableProviders).toEqual([ownedByOther.id, providerId()]);
    expect(theirs.providers.length).toBe(2);
  });

  it('shows instances, generations and audit events only through its own grants and requests', () => {
    const { gate, port, client, authority } = plane(16);
    const bystander = unwrap(authority.bindClient(ToolActorId.of('agent.bystander')));
    const kernel = kernelWith([provider()]);
    const running = startRunning(kernel, gate, port);
    unwrap(authority.dispatch({ kind: 'set-grant', grant: grant(client, running, 'allow') }));
    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
    unwrap(
      bystander.dispatch({ ...request(1, running), providerId: ToolProviderId.of('gate.none') }),
    );
    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));

    const mine = client.snapshot();
    expect(mine.generations).toEqual([[instance(), running]]);
    expect(mine.instanceStates.map(([id]) => id)).toEqual([instance()]);
    expect(mine.requests).toEqual([]);
    expect(mine.auditEvents).toEqual([]);
    const theirs = bystander.snapshot();
    expect(theirs.grants).toEqual([]);
    expect(theirs.requests.length).toBe(1);
    expect(theirs.generations).toEqual([[instance(), running]]);
    expect(theirs.auditEvents.length).toBeGreaterThan(0);
    expect(
      theirs.auditEvents.every(
        (event) => event.subject?.requestKey.consumerId === bystander.consumerId(),
      ),
    ).toBe(true);
    expect(authority.snapshot().tools.auditEvents.length).toBeGreaterThan(
      theirs.auditEvents.length,
    );
  });
});
