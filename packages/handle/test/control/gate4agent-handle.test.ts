// What upstream leaves out: the control handle's limits, errors and publication semantics.
import { ToolActorId } from '@gate4agent/tool-protocol';
import { CommandEnvelopeCodec, CommandId, err, SessionGeneration, unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { MAX_CONTROL_SUBSCRIBERS } from '../../src/constants.js';
import { PortDispatchError } from '../../src/control/port-dispatch-error.js';
import { boundedControlPlane } from '../../src/control-plane/bounded-control-plane.js';
import { TryRecvError } from '../../src/provider-runtime/contract/try-recv-error.js';
import { ToolClientDispatchError } from '../../src/tool/tool-client-dispatch-error.js';
import { instance, kernelWith, request } from '../support/control-plane-fixtures.js';

const stop = (id: number) => ({
  id: CommandId.of(id),
  command: { kind: 'stop' as const, instanceId: instance(), force: false },
});

describe('Gate4AgentHandle', () => {
  it('shares one FIFO with every producer and reports full, then disconnected', () => {
    const [gate, authority, port] = boundedControlPlane(3);
    const client = unwrap(authority.bindClient(ToolActorId.of('agent.unit')));
    unwrap(gate.dispatch(stop(1)));
    unwrap(client.dispatch(request(1, SessionGeneration.of(0))));
    unwrap(gate.clone().dispatch(stop(2)));
    expect(gate.dispatch(stop(3))).toEqual(err(PortDispatchError.full()));
    expect(client.dispatch(request(2, SessionGeneration.of(0)))).toEqual(
      err(ToolClientDispatchError.full()),
    );
    expect(port.drainIngress(8).map((item) => item.kind)).toEqual([
      'control',
      'tool-request',
      'control',
    ]);
    port.dispose();
    expect(gate.dispatch(stop(4))).toEqual(err(PortDispatchError.disconnected()));
  });

  it('queues its checked copy of a command, which the next check takes as it is', () => {
    const [gate, , port] = boundedControlPlane(8);
    const sent = stop(1);
    unwrap(gate.dispatch(sent));
    const [queued] = port.drainIngress(1);
    if (queued?.kind !== 'control') throw new Error('expected a control item');
    expect(queued.command).toEqual(sent);
    expect(queued.command).not.toBe(sent);
    // The kernel's step check takes the handed-off copy itself; any later check copies again.
    expect(unwrap(CommandEnvelopeCodec.checkValue(queued.command))).toBe(queued.command);
    expect(unwrap(CommandEnvelopeCodec.checkValue(queued.command))).not.toBe(queued.command);
  });

  it('registers MAX_CONTROL_SUBSCRIBERS subscriptions and gives the next a disconnected reader', () => {
    const [gate, , port] = boundedControlPlane(8);
    const registered = Array.from({ length: MAX_CONTROL_SUBSCRIBERS }, () => gate.subscribe(2));
    const over = gate.subscribe(2);
    expect(over.tryRecv()).toEqual(err(TryRecvError.disconnected()));
    unwrap(gate.dispatch(stop(1)));
    const kernel = kernelWith([]);
    const report = port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
    expect(report.controlEvents.delivered).toBe(MAX_CONTROL_SUBSCRIBERS);
    expect(unwrap(registered[0]?.tryRecv() ?? err(TryRecvError.empty())).commandId).toBe(1);
  });

  it('replaces the published snapshot wholesale and leaves a snapshot already read untouched', () => {
    const [gate, , port] = boundedControlPlane(8);
    const before = gate.snapshot();
    expect(before.revision).toBe(0);
    const kernel = kernelWith([]);
    const step = kernel.stepControlPlane([], []);
    port.publishStep(step);
    expect(gate.snapshot()).toBe(step.backendSnapshot.control);
    expect(before.revision).toBe(0);
  });
});
