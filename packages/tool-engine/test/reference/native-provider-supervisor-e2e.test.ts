// The tool-engine part of reference/native_provider_supervisor_e2e.rs, walked without processes:
// the engine is driven as the kernel drives it (one advanceTime per step, authority envelopes with
// rising sequences, drained effects handed to a provider that answers some of them). The titles
// are the reference tests' names; the runtime, supervisor and PTY parts belong to other packages.
import {
  CAPABILITY_PROTOCOL_VERSION,
  CapabilityDescriptor,
  type CapabilityEffectEnvelope,
  CapabilityObservation,
  CapabilityObservationEnvelope,
  type CapabilityProviderDescriptor,
  CapabilityRequestId,
  CapabilityRequestInput,
  CapabilityResult,
  CapabilityResultDelivery,
  ConsumerBoundCapabilityRequest,
  ConsumerId,
  type GrantMode,
  type PolicyGrant,
  ResourceScopeId,
  TOOL_ACTIVE_REQUESTS_PER_CLIENT_MAX,
  ToolActorId,
  type ToolAuthorityCommand,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import {
  AgentInstanceId,
  SessionGeneration,
  unwrap,
  unwrapErr,
  utf8Encode,
} from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { ToolEngine } from '../../src/engine/tool-engine.js';

const RECEIPT_DRAIN_REQUESTS = 10;
const CANCEL_BACKLOG_CLIENTS = 3;
const CANCEL_BACKLOG_REQUESTS_PER_CLIENT = 32;
const CANCEL_BACKLOG_REQUESTS = CANCEL_BACKLOG_CLIENTS * CANCEL_BACKLOG_REQUESTS_PER_CLIENT;
const PAYLOAD = '{"scope":"active-page"}';

const providerId = () => ToolProviderId.of('gate.browser.physical-e2e');
const capabilityId = () => ToolCapabilityId.of('browser.snapshot');
const resourceScope = () => ResourceScopeId.of('page.active');

function providerDescriptor(): CapabilityProviderDescriptor {
  return {
    id: providerId(),
    owner: { kind: 'gate' },
    capabilities: [
      unwrap(
        CapabilityDescriptor.new(capabilityId(), 'browser', 'Return controlled page metadata'),
      ),
    ],
  };
}

function successResult(): CapabilityResult {
  return CapabilityResult.of({
    metadata: {
      byteLen: 2,
      mediaType: 'application/json',
      truncated: false,
      redactedSummary: 'controlled provider result',
    },
    delivery: CapabilityResultDelivery.inline(utf8Encode('{}') as Uint8Array<ArrayBuffer>),
  });
}

interface Client {
  readonly consumerId: ConsumerId;
  readonly actorId: ToolActorId;
}

/** The engine as the kernel drives it: one tick per step, a rising authority sequence. */
class KernelDrive {
  readonly engine = new ToolEngine();
  tick = 0;
  authoritySequence = 0;

  constructor(instanceId: AgentInstanceId, generation: SessionGeneration) {
    unwrap(this.engine.registerProvider(providerDescriptor()));
    // The session reached Running, so the kernel's sync makes the instance active.
    unwrap(this.engine.setGeneration(instanceId, generation));
    unwrap(this.engine.setInstanceState(instanceId, generation, 'active'));
  }

  step(): void {
    this.tick += 1;
    unwrap(this.engine.advanceTime(this.tick));
  }

  authority(command: ToolAuthorityCommand) {
    this.authoritySequence += 1;
    return this.engine.applyAuthority({
      protocolVersion: CAPABILITY_PROTOCOL_VERSION,
      sequence: this.authoritySequence,
      command,
    });
  }

  dispatch(
    client: Client,
    localId: number,
    instanceId: AgentInstanceId,
    generation: SessionGeneration,
  ) {
    return this.engine.request(
      ConsumerBoundCapabilityRequest.new(
        client.consumerId,
        client.actorId,
        CapabilityRequestInput.of({
          localId: CapabilityRequestId.of(localId),
          instanceId,
          generation,
          providerId: providerId(),
          capabilityId: capabilityId(),
          resourceScopeId: resourceScope(),
          approvalSummary: 'Read controlled page metadata',
          deadlineTick: 10_000,
          payload: utf8Encode(PAYLOAD),
        }),
      ),
    );
  }
}

function grant(
  client: Client,
  instanceId: AgentInstanceId,
  generation: SessionGeneration,
  mode: GrantMode,
): PolicyGrant {
  return {
    key: {
      consumerId: client.consumerId,
      actorId: client.actorId,
      instanceId,
      generation,
      providerId: providerId(),
      capabilityId: capabilityId(),
      resourceScopeId: resourceScope(),
    },
    mode,
  };
}

function observe(
  invoke: CapabilityEffectEnvelope,
  result: CapabilityResult,
): CapabilityObservationEnvelope {
  return CapabilityObservationEnvelope.of({
    protocolVersion: CAPABILITY_PROTOCOL_VERSION,
    operationId: invoke.operationId,
    requestKey: invoke.requestKey,
    instanceId: invoke.instanceId,
    generation: invoke.generation,
    providerId: invoke.providerId,
    observation: CapabilityObservation.succeeded(result),
  });
}

describe('reference native_provider_supervisor_e2e, tool-engine part', () => {
  it('walks the revoke, detach and rebind of the first reference scenario without processes', () => {
    const instanceId = AgentInstanceId.of(4_401);
    const generation = SessionGeneration.of(1);
    const drive = new KernelDrive(instanceId, generation);
    const client: Client = {
      consumerId: ConsumerId.of('gate4agent-client-1'),
      actorId: ToolActorId.of('agent.physical-e2e'),
    };

    const firstGrant = grant(client, instanceId, generation, 'allow');
    drive.step();
    expect(unwrap(drive.authority({ kind: 'set-grant', grant: firstGrant }))).toEqual({
      kind: 'grant-set',
    });
    drive.step();
    expect(unwrap(drive.dispatch(client, 1, instanceId, generation))).toEqual({ kind: 'allow' });
    const [firstInvoke, ...noMoreEffects] = drive.engine.drainEffects();
    expect(noMoreEffects).toEqual([]);
    if (firstInvoke?.effect.kind !== 'invoke') throw new Error('expected the first invoke');
    expect(firstInvoke.requestKey.localId).toBe(CapabilityRequestId.of(1));
    expect(firstInvoke.providerId).toBe(providerId());
    expect(new TextDecoder().decode(firstInvoke.effect.payload)).toBe(PAYLOAD);

    drive.step();
    expect(unwrap(drive.authority({ kind: 'revoke-grant', key: firstGrant.key }))).toEqual({
      kind: 'grant-revoked',
      existed: true,
    });
    const revoked = drive.engine.drainCompletions();
    expect(revoked.droppedSinceLastDrain).toBe(0);
    const completion = revoked.completions[0]!;
    expect(completion.providerId).toBe(providerId());
    expect(completion.operationId).toBe(firstInvoke.operationId);
    expect(completion.requestKey).toEqual(firstInvoke.requestKey);
    expect(completion.outcome).toEqual({
      kind: 'grant-revoked',
      cancellation: 'cancel-queued-unconfirmed',
    });
    const [cancel] = drive.engine.drainEffects();
    expect(cancel?.operationId).toBe(firstInvoke.operationId);
    expect(cancel?.effect).toEqual({ kind: 'cancel', reason: 'grant-revoked' });

    // The provider retires and its binding detaches: request 1 is already terminal.
    drive.step();
    expect(unwrap(drive.engine.detachProviderRuntime(providerId()))).toBe(0);
    expect(drive.engine.drainEffects()).toEqual([]);
    expect(drive.engine.providerExists(providerId())).toBe(true);

    // A new binding serves a grant under the same key: the old one was removed.
    const secondGrant = grant(client, instanceId, generation, 'allow');
    expect(secondGrant.key).toEqual(firstGrant.key);
    expect(unwrap(drive.authority({ kind: 'set-grant', grant: secondGrant }))).toEqual({
      kind: 'grant-set',
    });
    const invokes: CapabilityEffectEnvelope[] = [];
    for (let offset = 0; offset < RECEIPT_DRAIN_REQUESTS; offset += 1) {
      drive.step();
      expect(unwrap(drive.dispatch(client, 100 + offset, instanceId, generation))).toEqual({
        kind: 'allow',
      });
      invokes.push(...drive.engine.drainEffects());
    }
    expect(invokes).toHaveLength(RECEIPT_DRAIN_REQUESTS);
    drive.step();
    for (const invoke of invokes) {
      expect(unwrap(drive.engine.applyObservation(observe(invoke, successResult())))).toEqual({
        kind: 'applied',
      });
    }
    const successes = drive.engine.drainCompletions();
    expect(successes.droppedSinceLastDrain).toBe(0);
    expect(successes.completions).toHaveLength(RECEIPT_DRAIN_REQUESTS);
    for (let offset = 0; offset < RECEIPT_DRAIN_REQUESTS; offset += 1) {
      const localId = CapabilityRequestId.of(100 + offset);
      const invoke = invokes.find((effect) => effect.requestKey.localId === localId)!;
      const success = successes.completions.find((entry) => entry.requestKey.localId === localId)!;
      expect(success.operationId).toBe(invoke.operationId);
      expect(success.outcome).toEqual({ kind: 'succeeded', result: successResult() });
    }

    drive.step();
    expect(unwrap(drive.dispatch(client, 2, instanceId, generation))).toEqual({ kind: 'allow' });
    const [secondInvoke] = drive.engine.drainEffects();
    expect(secondInvoke?.requestKey.localId).toBe(CapabilityRequestId.of(2));
    drive.step();
    unwrap(drive.authority({ kind: 'revoke-grant', key: secondGrant.key }));
    const secondRevoked = drive.engine.drainCompletions().completions[0]!;
    expect(secondRevoked.operationId).toBe(secondInvoke?.operationId);
    expect(secondRevoked.outcome).toEqual({
      kind: 'grant-revoked',
      cancellation: 'cancel-queued-unconfirmed',
    });
    expect(drive.engine.drainEffects().map((effect) => effect.effect)).toEqual([
      { kind: 'cancel', reason: 'grant-revoked' },
    ]);
  });

  it('fits 3 clients × 32 requests and revokes all 96 as in the second reference scenario', () => {
    const instanceId = AgentInstanceId.of(4_402);
    const generation = SessionGeneration.of(1);
    const drive = new KernelDrive(instanceId, generation);
    const clients: Client[] = [0, 1, 2].map((index) => ({
      consumerId: ConsumerId.of(`gate4agent-client-${index + 1}`),
      actorId: ToolActorId.of(`agent.cancel-pressure-${index}`),
    }));
    expect(clients).toHaveLength(CANCEL_BACKLOG_CLIENTS);
    expect(CANCEL_BACKLOG_REQUESTS_PER_CLIENT).toBe(TOOL_ACTIVE_REQUESTS_PER_CLIENT_MAX);

    drive.step();
    const pressureGrants = clients.map((client) => grant(client, instanceId, generation, 'allow'));
    for (const pressureGrant of pressureGrants) {
      unwrap(drive.authority({ kind: 'set-grant', grant: pressureGrant }));
    }
    // All 96 requests are reduced in one kernel step.
    drive.step();
    for (const client of clients) {
      for (let offset = 0; offset < CANCEL_BACKLOG_REQUESTS_PER_CLIENT; offset += 1) {
        expect(unwrap(drive.dispatch(client, 1_000 + offset, instanceId, generation))).toEqual({
          kind: 'allow',
        });
      }
    }
    const before = drive.engine.snapshot();
    const refused = unwrapErr(
      drive.dispatch(
        clients[0]!,
        1_000 + CANCEL_BACKLOG_REQUESTS_PER_CLIENT,
        instanceId,
        generation,
      ),
    );
    expect(refused).toMatchObject({
      kind: 'client-request-capacity-exceeded',
      consumerId: clients[0]!.consumerId,
      actorId: clients[0]!.actorId,
      max: TOOL_ACTIVE_REQUESTS_PER_CLIENT_MAX,
    });
    expect(drive.engine.snapshot()).toEqual(before);
    const invokes = drive.engine.drainEffects();
    expect(invokes).toHaveLength(CANCEL_BACKLOG_REQUESTS);
    expect(invokes.every((effect) => effect.effect.kind === 'invoke')).toBe(true);

    drive.step();
    for (const pressureGrant of pressureGrants) {
      expect(unwrap(drive.authority({ kind: 'revoke-grant', key: pressureGrant.key }))).toEqual({
        kind: 'grant-revoked',
        existed: true,
      });
    }
    const cancels = drive.engine.drainEffects();
    expect(cancels).toHaveLength(CANCEL_BACKLOG_REQUESTS);
    expect(
      cancels.every(
        (effect) => effect.effect.kind === 'cancel' && effect.effect.reason === 'grant-revoked',
      ),
    ).toBe(true);
    expect(new Set(cancels.map((effect) => effect.operationId))).toEqual(
      new Set(invokes.map((effect) => effect.operationId)),
    );
    const batch = drive.engine.drainCompletions();
    expect(batch.droppedSinceLastDrain).toBe(0);
    expect(batch.totalDropped).toBe(0);
    expect(batch.completions).toHaveLength(CANCEL_BACKLOG_REQUESTS);
    for (const revokedCompletion of batch.completions) {
      expect(revokedCompletion.outcome).toEqual({
        kind: 'grant-revoked',
        cancellation: 'cancel-queued-unconfirmed',
      });
      const invoke = invokes.find((effect) => effect.operationId === revokedCompletion.operationId);
      expect(invoke?.requestKey).toEqual(revokedCompletion.requestKey);
    }
  });
});
