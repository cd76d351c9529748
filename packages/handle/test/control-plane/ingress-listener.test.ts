// Not upstream: the ingress arrival signal a host loop sleeps on (ARCHITECTURE decision 9).
import { ToolActorId } from '@gate4agent/tool-protocol';
import { CommandId, SessionGeneration, unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { boundedControlPlane } from '../../src/control-plane/bounded-control-plane.js';
import {
  instance,
  kernelWith,
  provider,
  providerId,
  request,
} from '../support/control-plane-fixtures.js';

const stop = (id: number) => ({
  id: CommandId.of(id),
  command: { kind: 'stop' as const, instanceId: instance(), force: false },
});

describe('ControlPlaneKernelPort.onIngress', () => {
  it('is called synchronously after each successful send, by every producer', () => {
    const kernel = kernelWith([provider()]);
    const [gate, authority, port] = boundedControlPlane(64);
    let calls = 0;
    const pendingAtCall: boolean[] = [];
    port.onIngress(() => {
      calls += 1;
      pendingAtCall.push(port.hasPendingIngress());
    });
    const tick = () => port.publishStep(kernel.stepControlPlane(port.drainIngress(64), []));

    unwrap(gate.dispatch(stop(1)));
    expect(calls).toBe(1);
    const runtime = unwrap(port.providerAuthority().bindProvider(providerId(), 4));
    expect(calls).toBe(2);
    tick();
    const client = unwrap(authority.bindClient(ToolActorId.of('agent.main')));
    expect(calls).toBe(2);
    unwrap(client.dispatch(request(1, SessionGeneration.of(1))));
    expect(calls).toBe(3);
    unwrap(authority.closeClient(client));
    expect(calls).toBe(4);
    expect(runtime.close().ok).toBe(true);
    expect(calls).toBe(5);
    // Called after the item is in the queue, never before.
    expect(pendingAtCall).toEqual([true, true, true, true, true]);
  });

  it('is not called for a send that fails, and the ingress reports what it holds', () => {
    const [gate, , port] = boundedControlPlane(1);
    let calls = 0;
    port.onIngress(() => {
      calls += 1;
    });
    expect(port.hasPendingIngress()).toBe(false);
    unwrap(gate.dispatch(stop(1)));
    expect(gate.dispatch(stop(2)).ok).toBe(false);
    expect(calls).toBe(1);
    expect(port.hasPendingIngress()).toBe(true);
    port.drainIngress(8);
    expect(port.hasPendingIngress()).toBe(false);
  });

  it('reports a detach waiting to be retried as pending ingress', () => {
    const [gate, , port] = boundedControlPlane(2);
    const runtime = unwrap(port.providerAuthority().bindProvider(providerId(), 1));
    unwrap(gate.dispatch(stop(1)));
    expect(runtime.close().ok).toBe(false);
    port.drainIngress(8);
    expect(port.hasPendingIngress()).toBe(true);
    let calls = 0;
    port.onIngress(() => {
      calls += 1;
    });
    // The retry is a send too: the listener hears it.
    expect(port.drainIngress(8).map((item) => item.kind)).toEqual(['tool-provider']);
    expect(calls).toBe(1);
    expect(port.hasPendingIngress()).toBe(false);
  });

  it('isolates a throwing listener: the send succeeds, later listeners run, the error is reported', () => {
    const [gate, , port] = boundedControlPlane(8);
    const reported: unknown[] = [];
    port.onListenerError((error) => reported.push(error));
    let after = 0;
    port.onIngress(() => {
      throw new Error('listener failed');
    });
    port.onIngress(() => {
      after += 1;
    });
    expect(gate.dispatch(stop(1)).ok).toBe(true);
    expect(after).toBe(1);
    expect(reported).toEqual([new Error('listener failed')]);
    expect(port.drainIngress(8)).toHaveLength(1);
  });

  it('stops calling a listener once unsubscribed (idempotently) or disposed', () => {
    const [gate, , port] = boundedControlPlane(8);
    let first = 0;
    let second = 0;
    const listener = () => {
      first += 1;
    };
    const unsubscribe = port.onIngress(listener);
    const again = port.onIngress(listener);
    port.onIngress(() => {
      second += 1;
    });
    unwrap(gate.dispatch(stop(1)));
    expect(first).toBe(2);
    unsubscribe();
    unsubscribe();
    unwrap(gate.dispatch(stop(2)));
    expect(first).toBe(3);
    again();
    port.dispose();
    expect(gate.dispatch(stop(3)).ok).toBe(false);
    expect(first).toBe(3);
    expect(second).toBe(2);
  });
});
