// What upstream leaves out: the port's drain, flush and disposal semantics.
import { ToolActorId } from '@gate4agent/tool-protocol';
import { CommandId, err, SessionGeneration, unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { boundedControlPlane } from '../../src/control-plane/bounded-control-plane.js';
import { providerKernelPortOf } from '../../src/control-plane/control-plane-kernel-port.js';
import { ProviderRuntimeError } from '../../src/provider-runtime/contract/provider-runtime-error.js';
import { TryRecvError } from '../../src/provider-runtime/contract/try-recv-error.js';
import { ToolClientDispatchError } from '../../src/tool/tool-client-dispatch-error.js';
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

describe('ControlPlaneKernelPort', () => {
  it('re-sends a retrying detach before draining, at the tail, in the same call', () => {
    const [gate, , port] = boundedControlPlane(2);
    const runtime = unwrap(port.providerAuthority().bindProvider(providerId(), 1));
    unwrap(gate.dispatch(stop(1)));
    expect(runtime.close()).toEqual(err(ProviderRuntimeError.full()));
    expect(runtime.state()).toBe('closing');

    const first = port.drainIngress(1);
    expect(first[0]?.kind === 'tool-provider' && first[0].envelope.command.kind).toBe('attach');
    const rest = port.drainIngress(8);
    expect(rest.map((item) => item.kind)).toEqual(['control', 'tool-provider']);
    const detach = rest[1];
    expect(detach?.kind === 'tool-provider' && detach.envelope.command.kind).toBe('detach');
    expect(detach?.kind === 'tool-provider' && detach.envelope.sequence).toBe(2);
  });

  it('never drains more than the limit and returns nothing for a limit of 0', () => {
    const [gate, , port] = boundedControlPlane(8);
    for (const id of [1, 2, 3]) unwrap(gate.dispatch(stop(id)));
    expect(port.drainIngress(0)).toEqual([]);
    expect(port.drainIngress(2).length).toBe(2);
    expect(port.drainIngress(2).length).toBe(1);
  });

  it('on dispose disconnects every producer and retires every binding', () => {
    const [gate, authority, port] = boundedControlPlane(8);
    const kernel = kernelWith([provider()]);
    const providers = port.providerAuthority();
    const runtime = unwrap(providers.bindProvider(providerId(), 2));
    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
    expect(runtime.state()).toBe('active');

    port.dispose();
    port.dispose();
    expect(runtime.state()).toBe('closed');
    expect(runtime.cancellationToken().isCancelled()).toBe(true);
    expect(runtime.tryRecv()).toEqual(err(TryRecvError.disconnected()));
    expect(providers.bindProvider(providerId(), 1)).toEqual(
      err(ProviderRuntimeError.disconnected()),
    );
    expect(gate.dispatch(stop(1)).ok).toBe(false);
    const late = unwrap(authority.bindClient(ToolActorId.of('agent.after')));
    expect(late.dispatch(request(1, SessionGeneration.of(0)))).toEqual(
      err(ToolClientDispatchError.disconnected()),
    );
  });

  it('publishes availability only for exactly active bindings, in provider-id order', () => {
    const [, , port] = boundedControlPlane(8);
    const kernel = kernelWith([provider()]);
    unwrap(port.providerAuthority().bindProvider(providerId(), 2));
    expect(providerKernelPortOf(port).activeBindings().size).toBe(0);
    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
    expect([...providerKernelPortOf(port).activeBindings().keys()]).toEqual([providerId()]);
  });
});
