// Port of the unit tests of upstream `crates/gate4agent-handle/src/lib.rs` (the legacy port).
import type { CommandEnvelope, ControlEvent } from '@gate4agent/types';
import {
  AgentId,
  AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  CommandId,
  defaultControlSnapshot,
  err,
  SessionGeneration,
  unwrap,
} from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { boundedPort } from '../src/control/bounded-port.js';
import { PortDispatchError } from '../src/control/port-dispatch-error.js';
import { TryRecvError } from '../src/provider-runtime/contract/try-recv-error.js';

function command(id: number): CommandEnvelope {
  return {
    id: CommandId.of(id),
    command: {
      kind: 'register',
      instanceId: AgentInstanceId.of(id),
      agentId: AgentId.of('claude'),
      transport: 'pty',
    },
  };
}

function event(sequence: number): ControlEvent {
  return {
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    sequence,
    commandId: null,
    instanceId: AgentInstanceId.of(1),
    generation: SessionGeneration.of(1),
    event: { kind: 'registered' },
  };
}

describe('lib.rs', () => {
  it('legacy_command_ingress_remains_bounded_and_non_blocking', () => {
    const [handle, kernel] = boundedPort(1);
    unwrap(handle.dispatch(command(1)));
    expect(handle.dispatch(command(2))).toEqual(err(PortDispatchError.full()));
    expect(kernel.drainCommands(10)).toEqual([command(1)]);
  });

  it('legacy_snapshot_publication_replaces_current_control_truth', () => {
    const [handle, kernel] = boundedPort(1);
    const snapshot = { ...defaultControlSnapshot(), revision: 7 };
    kernel.publishSnapshot(snapshot);
    expect(handle.snapshot()).toEqual(snapshot);
  });

  it('slow_control_subscriber_is_disconnected_without_silent_loss', () => {
    const [handle, kernel] = boundedPort(1);
    const subscription = handle.subscribe(1);
    expect(kernel.publishEvents([event(1)]).delivered).toBe(1);

    const report = kernel.publishEvents([event(2)]);
    expect(report.disconnectedSlow).toBe(1);
    expect(unwrap(subscription.tryRecv())).toEqual(event(1));
    expect(subscription.tryRecv()).toEqual(err(TryRecvError.disconnected()));
  });

  it('closed_control_subscriber_is_pruned_explicitly', () => {
    const [handle, kernel] = boundedPort(1);
    const subscription = handle.subscribe(1);
    subscription.close();

    const report = kernel.publishEvents([event(1)]);
    expect(report.disconnectedClosed).toBe(1);
    expect(report.delivered).toBe(0);
  });
});
