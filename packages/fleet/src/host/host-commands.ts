import {
  CapabilityRequestId,
  CapabilityRequestInput,
  CapabilityRequestSnapshot,
  PolicyGrant,
  PolicyKey,
  ToolActorId,
  ToolAuthorityOutcome,
} from '@gate4agent/tool-protocol';
import { AgentId, Gate4AgentError } from '@gate4agent/types';
import { FleetError } from '../fleet-error.js';
import { ApprovalTargetCodec } from '../wire/approval-target.js';
import type { FleetCommand } from '../wire/fleet-command.js';
import type { HostedSession, HostState } from './host-state.js';
import { statusBody } from './status-body.js';

type Command<K extends FleetCommand['op']> = Extract<FleetCommand, { op: K }>;

function owned(state: HostState, owner: string, instanceId: number): HostedSession {
  const hosted = state.sessions.get(instanceId);
  if (hosted === undefined) throw FleetError.unknownSession(state.hostId, instanceId);
  if (hosted.owner !== owner) throw FleetError.notOwner(state.hostId, instanceId);
  return hosted;
}

function ownedClient(state: HostState, owner: string, consumerId: string) {
  const hosted = state.clients.get(consumerId);
  if (hosted === undefined || hosted.owner !== owner) {
    throw FleetError.notClientOwner(state.hostId, consumerId);
  }
  return hosted.client;
}

function checked<T>(
  decoded: { ok: true; value: T } | { ok: false; error: { message: string } },
  hostId: string,
): T {
  if (!decoded.ok) throw FleetError.invalidCommand(hostId, decoded.error.message);
  return decoded.value;
}

async function launch(state: HostState, owner: string, command: Command<'launch'>) {
  const used = state.sessions.size + state.launching;
  if (used >= state.capacity) throw FleetError.hostFull(state.hostId, state.capacity);
  state.launching += 1;
  try {
    const session = await state.runtime.launchAgent(AgentId.of(command.agentId), {
      ...(command.cwd === null ? {} : { cwd: command.cwd }),
      ...(command.terminalSize === null ? {} : { terminalSize: command.terminalSize }),
      ...(command.approvalLevel === null ? {} : { approvalLevel: command.approvalLevel }),
      initialPrompt: command.initialPrompt,
      ...(command.runtimePolicy === undefined ? {} : { runtimePolicy: command.runtimePolicy }),
      ...(command.sessionOptions === undefined ? {} : { sessionOptions: command.sessionOptions }),
    });
    const hosted = state.adopt(owner, session);
    state.publishStatus(session.instanceId, hosted);
    return { instanceId: session.instanceId, status: statusBody(session.snapshot) };
  } finally {
    state.launching -= 1;
  }
}

/** Runs one command from `owner` on the host and returns the reply's value; throws what failed. */
export async function runHostCommand(
  state: HostState,
  owner: string,
  command: FleetCommand,
): Promise<unknown> {
  switch (command.op) {
    case 'launch':
      return launch(state, owner, command);
    case 'type':
      await owned(state, owner, command.instanceId).session.type(command.text);
      return null;
    case 'press':
      await owned(state, owner, command.instanceId).session.press(command.key);
      return null;
    case 'resize':
      await owned(state, owner, command.instanceId).session.resize(command.size);
      return null;
    case 'stop': {
      const hosted = owned(state, owner, command.instanceId);
      const exit = await hosted.session.stop(
        command.graceMs === null ? {} : { graceMs: command.graceMs },
      );
      state.publishStatus(command.instanceId, hosted);
      return exit;
    }
    case 'remove': {
      const hosted = owned(state, owner, command.instanceId);
      await hosted.session.dispose();
      state.forget(command.instanceId);
      return null;
    }
    case 'bind-tool-client': {
      const client = state.runtime.toolClient(ToolActorId.of(command.actorId));
      if (!client.ok) throw new Gate4AgentError(client.error.kind, client.error.message);
      state.adoptClient(owner, client.value);
      return { consumerId: client.value.consumerId(), actorId: client.value.actorId() };
    }
    case 'grant': {
      const grant = checked(PolicyGrant.codec.decode(command.grant), state.hostId);
      ownedClient(state, owner, grant.key.consumerId);
      owned(state, owner, grant.key.instanceId);
      return ToolAuthorityOutcome.codec.encode(await state.runtime.toolAuthority().grant(grant));
    }
    case 'revoke': {
      const key = checked(PolicyKey.codec.decode(command.key), state.hostId);
      ownedClient(state, owner, key.consumerId);
      return ToolAuthorityOutcome.codec.encode(await state.runtime.toolAuthority().revoke(key));
    }
    case 'tool-request': {
      const client = ownedClient(state, owner, command.consumerId);
      const input = checked(CapabilityRequestInput.codec.decode(command.input), state.hostId);
      owned(state, owner, input.instanceId);
      const sent = client.dispatch(input);
      if (!sent.ok) throw new Gate4AgentError(sent.error.kind, sent.error.message);
      return { localId: input.localId };
    }
    case 'approve':
    case 'deny': {
      const target = checked(ApprovalTargetCodec.decode(command.target), state.hostId);
      ownedClient(state, owner, target.key.consumerId);
      owned(state, owner, target.instanceId);
      const authority = state.runtime.toolAuthority();
      const outcome =
        command.op === 'approve' ? await authority.approve(target) : await authority.deny(target);
      return ToolAuthorityOutcome.codec.encode(outcome);
    }
    case 'pending-approvals':
      return state.runtime
        .toolAuthority()
        .snapshot()
        .tools.requests.filter(
          (request) =>
            request.status.kind === 'awaiting-approval' &&
            state.clients.get(request.key.consumerId)?.owner === owner,
        )
        .map((request) => CapabilityRequestSnapshot.codec.encode(request));
    case 'ping':
      return { hostId: state.hostId };
    case 'tool-cancel': {
      const client = ownedClient(state, owner, command.consumerId);
      const cancelled = client.cancel(CapabilityRequestId.of(command.localId));
      if (!cancelled.ok) throw new Gate4AgentError(cancelled.error.kind, cancelled.error.message);
      return null;
    }
  }
}
