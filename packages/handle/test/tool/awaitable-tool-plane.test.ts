// The awaitable forms of the tool plane (decision 17) with the real kernel and no processes:
// request() settles with the completion its step publishes, an aborted signal cancels, and the
// authority's grant / revoke / approve / deny resolve when the step that applied them is published.
import { CapabilityRequestId, ToolActorId } from '@gate4agent/tool-protocol';
import { Gate4AgentError, SessionGeneration, unwrap } from '@gate4agent/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundedControlPlane } from '../../src/control-plane/bounded-control-plane.js';
import {
  grant,
  kernelWith,
  provider,
  providerId,
  request,
  result,
  startRunning,
} from '../support/control-plane-fixtures.js';
import { expectCancel, expectInvoke } from '../support/provider-fixtures.js';

function plane() {
  const [gate, authority, port] = boundedControlPlane(64);
  const kernel = kernelWith([provider()]);
  const runtime = unwrap(port.providerAuthority().bindProvider(providerId(), 16));
  const generation = startRunning(kernel, gate, port);
  const client = unwrap(authority.bindClient(ToolActorId.of('agent.awaitable')));
  const step = () => port.publishStep(kernel.stepControlPlane(port.drainIngress(64), []));
  return { authority, port, runtime, generation, client, step };
}

/** Whether `promise` has settled after the microtasks queued so far have run. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  await Promise.resolve();
  await Promise.resolve();
  return settled;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ToolAuthorityHandle awaitable commands', () => {
  it('resolves grant only once the step that applied it is published', async () => {
    const { authority, client, generation, step } = plane();
    const granted = authority.grant(grant(client, generation, 'allow'));
    expect(await isSettled(granted)).toBe(false);
    step();
    await expect(granted).resolves.toMatchObject({ kind: 'grant-set' });
    expect(client.snapshot().grants.length).toBe(1);
  });

  it('rejects with the engine refusal as a Gate4AgentError of the same kind', async () => {
    const { authority, client, generation, step } = plane();
    const policy = grant(client, generation, 'allow');
    const stale = {
      ...policy,
      key: { ...policy.key, generation: SessionGeneration.of(generation + 1) },
    };
    const refused = authority.grant(stale);
    step();
    const error = await refused.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Gate4AgentError);
    expect((error as Gate4AgentError).kind).toBe('engine');
    expect((error as Gate4AgentError).message.length).toBeGreaterThan(0);
  });

  it('approves and denies requests awaiting approval', async () => {
    const { authority, client, generation, runtime, step } = plane();
    const granted = authority.grant(grant(client, generation, 'require-approval'));
    step();
    await granted;
    const first = client.request(request(1, generation));
    const second = client.request(request(2, generation));
    step();
    const waiting = authority.snapshot().tools.requests;
    expect(waiting.map((entry) => entry.status.kind)).toEqual([
      'awaiting-approval',
      'awaiting-approval',
    ]);
    const [one, two] = waiting;
    if (one === undefined || two === undefined) throw new Error('expected two requests');
    const approved = authority.approve(one);
    const denied = authority.deny(two);
    step();
    await expect(approved).resolves.toMatchObject({ kind: 'approval-resolved' });
    await expect(denied).resolves.toMatchObject({ kind: 'approval-resolved' });
    await expect(second).resolves.toMatchObject({ outcome: { kind: 'approval-denied' } });
    const invocation = expectInvoke(runtime.tryRecv());
    unwrap(runtime.trySucceed(invocation, result()));
    step();
    await expect(first).resolves.toMatchObject({ outcome: { kind: 'succeeded' } });
  });
});

describe('ToolClientHandle.request', () => {
  it('resolves with the completion published by the step that closed the request', async () => {
    const { authority, client, generation, runtime, step } = plane();
    const granted = authority.grant(grant(client, generation, 'allow'));
    step();
    await granted;
    const completion = client.request(request(1, generation));
    step();
    expect(await isSettled(completion)).toBe(false);
    const invocation = expectInvoke(runtime.tryRecv());
    unwrap(runtime.trySucceed(invocation, result()));
    step();
    const done = await completion;
    expect(done.requestKey.localId).toBe(1);
    expect(done.operationId).toBe(invocation.operationId());
    expect(done.outcome.kind).toBe('succeeded');
  });

  it('rejects with the signal reason and sends nothing when aborted before the call', async () => {
    const { client, generation, port } = plane();
    const controller = new AbortController();
    controller.abort();
    await expect(
      client.request(request(1, generation), { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(port.hasPendingIngress()).toBe(false);
  });

  it('cancels a dispatched request when aborted mid-flight: client-cancelled, and cancel work', async () => {
    const { authority, client, generation, runtime, step } = plane();
    const granted = authority.grant(grant(client, generation, 'allow'));
    step();
    await granted;
    const controller = new AbortController();
    const completion = client.request(request(1, generation), { signal: controller.signal });
    step();
    const invocation = expectInvoke(runtime.tryRecv());
    controller.abort();
    step();
    const done = await completion;
    expect(done.outcome).toEqual({
      kind: 'client-cancelled',
      cancellation: 'cancel-queued-unconfirmed',
    });
    const cancellation = expectCancel(runtime.tryRecv());
    expect(cancellation.reason()).toBe('client-cancelled');
    expect(cancellation.operationId()).toBe(invocation.operationId());
    expect(invocation.cancellationToken().isCancelled()).toBe(true);
  });

  it('leaves a finished request alone when cancelled after its completion', async () => {
    const { client, generation, step } = plane();
    // No grant: the request is denied by policy in the step that admits it.
    const completion = client.request(request(1, generation));
    step();
    await expect(completion).resolves.toMatchObject({ outcome: { kind: 'policy-denied' } });
    unwrap(client.cancel(CapabilityRequestId.of(1)));
    const report = step();
    expect(report.completions.delivered).toBe(0);
  });

  it('rejects a request the edge refuses with a Gate4AgentError of the refusal kind', async () => {
    const { client, generation } = plane();
    const error = await client
      .request({ ...request(1, generation), approvalSummary: 'two\nlines' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Gate4AgentError);
    expect((error as Gate4AgentError).kind).toBe('invalid-request');
  });

  it('refuses a second request with a local id still waiting', async () => {
    const { client, generation } = plane();
    void client.request(request(1, generation));
    await expect(client.request(request(1, generation))).rejects.toMatchObject({
      kind: 'duplicate-request',
    });
  });

  it('rejects what still waits with disconnected when the control plane is disposed', async () => {
    const { authority, client, generation, port } = plane();
    const granted = authority.grant(grant(client, generation, 'allow'));
    const completion = client.request(request(1, generation));
    port.dispose();
    await expect(granted).rejects.toMatchObject({ kind: 'disconnected' });
    await expect(completion).rejects.toMatchObject({ kind: 'disconnected' });
  });

  it('leaves no timer behind while a request and an authority command wait', async () => {
    vi.useFakeTimers();
    const { authority, client, generation, runtime, step } = plane();
    const granted = authority.grant(grant(client, generation, 'allow'));
    const completion = client.request(request(1, generation));
    expect(vi.getTimerCount()).toBe(0);
    step();
    await granted;
    step();
    unwrap(runtime.trySucceed(expectInvoke(runtime.tryRecv()), result()));
    step();
    await completion;
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('ProviderRuntimeHandle awaitable work', () => {
  it('waits for work the kernel publishes and iterates it in order', async () => {
    const { authority, client, generation, runtime, step } = plane();
    const granted = authority.grant(grant(client, generation, 'allow'));
    step();
    await granted;
    const next = runtime.nextWork();
    expect(await isSettled(next)).toBe(false);
    void client.request(request(1, generation));
    void client.request(request(2, generation));
    step();
    const first = await next;
    expect(first.done).toBe(false);
    const seen: number[] = [];
    for await (const work of runtime.work()) {
      if (work.kind === 'invoke') seen.push(work.invocation.requestKey().localId);
      break;
    }
    expect(seen).toEqual([2]);
  });

  it('rejects a pending wait with the abort reason', async () => {
    const { runtime } = plane();
    const controller = new AbortController();
    const next = runtime.nextWork({ signal: controller.signal });
    controller.abort();
    await expect(next).rejects.toMatchObject({ name: 'AbortError' });
  });
});
