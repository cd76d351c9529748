// Ported from crates/gate4agent-tool-engine/src/engine.rs (mod tests): policy decisions, grant
// exactness, ownership, grant replacement and revocation.
import { ConsumerId, ResourceScopeId, ToolActorId } from '@gate4agent/tool-protocol';
import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { ToolEngine } from '../../src/engine/tool-engine.js';
import {
  configured,
  gateProvider,
  gateProviderId,
  generation,
  grant,
  instance,
  internal,
  request,
  requestKey,
  resolution,
} from './engine-fixtures.js';

describe('engine: policy', () => {
  it('policy_is_deny_by_default_and_releases_no_effect', () => {
    const engine = configured(null);
    expect(unwrap(engine.request(request(1, 1, 10)))).toEqual({
      kind: 'deny',
      reason: { kind: 'missing-grant' },
    });
    expect(engine.drainEffects()).toEqual([]);
    expect(engine.drainCompletions().completions[0]?.outcome.kind).toBe('policy-denied');
    const snapshot = engine.snapshot();
    expect(snapshot.requests[0]?.payloadBytes).toBe(23);
    expect(snapshot.requests[0]?.status).toEqual({
      kind: 'denied',
      reason: { kind: 'missing-grant' },
    });
  });

  it('approval_releases_exactly_one_typed_effect', () => {
    const engine = configured('require-approval');
    expect(unwrap(engine.request(request(1, 1, 10)))).toEqual({ kind: 'require-approval' });
    expect(engine.drainEffects()).toEqual([]);
    unwrap(internal(engine).resolveApproval(resolution(engine, 1, 'approve-once')));
    const effects = engine.drainEffects();
    expect(effects).toHaveLength(1);
    expect(effects[0]?.effect.kind).toBe('invoke');
    expect(internal(engine).storedPayload(requestKey(1)).length).toBe(0);
  });

  it('grant_is_exact_and_does_not_authorize_another_actor', () => {
    const engine = configured('allow');
    const ungranted = request(1, 1, 10);
    ungranted.actorId = ToolActorId.of('consumer.other-agent');
    expect(unwrap(engine.request(ungranted))).toEqual({
      kind: 'deny',
      reason: { kind: 'missing-grant' },
    });
    expect(engine.drainEffects()).toEqual([]);
  });

  it('grant_is_exact_across_consumer_resource_and_session_generation', () => {
    const engine = configured('allow');
    const otherConsumer = request(1, 1, 10);
    otherConsumer.consumerId = ConsumerId.of('station.other');
    expect(unwrap(engine.request(otherConsumer))).toEqual({
      kind: 'deny',
      reason: { kind: 'provider-owner-mismatch' },
    });
    const otherResource = request(2, 1, 10);
    otherResource.request.resourceScopeId = ResourceScopeId.of('workspace:test/page:other');
    expect(unwrap(engine.request(otherResource))).toEqual({
      kind: 'deny',
      reason: { kind: 'missing-grant' },
    });
    unwrap(engine.setGeneration(instance(), generation(2)));
    expect(unwrap(engine.request(request(3, 2, 10)))).toEqual({
      kind: 'deny',
      reason: { kind: 'missing-grant' },
    });
    expect(engine.drainEffects()).toEqual([]);
  });

  it('consumer_owned_provider_rejects_owner_mismatch_at_grant_and_request', () => {
    const engine = configured(null);
    const mismatchedGrant = grant('allow');
    mismatchedGrant.key.consumerId = ConsumerId.of('station.other');
    expect(unwrapErr(internal(engine).setGrant(mismatchedGrant)).kind).toBe(
      'provider-owner-mismatch',
    );

    const mismatchedRequest = request(1, 1, 10);
    mismatchedRequest.consumerId = ConsumerId.of('station.other');
    expect(unwrap(engine.request(mismatchedRequest))).toEqual({
      kind: 'deny',
      reason: { kind: 'provider-owner-mismatch' },
    });
    expect(engine.drainEffects()).toEqual([]);
  });

  it('gate_owned_provider_is_shareable_only_by_exact_grant', () => {
    const engine = new ToolEngine();
    unwrap(engine.registerProvider(gateProvider()));
    unwrap(engine.setGeneration(instance(), generation(1)));
    const exactGrant = grant('allow');
    exactGrant.key.providerId = gateProviderId();
    unwrap(internal(engine).setGrant(exactGrant));

    const exactRequest = request(1, 1, 10);
    exactRequest.request.providerId = gateProviderId();
    expect(unwrap(engine.request(exactRequest))).toEqual({ kind: 'allow' });
    engine.drainEffects();
    const otherConsumer = request(2, 1, 10);
    otherConsumer.request.providerId = gateProviderId();
    otherConsumer.consumerId = ConsumerId.of('station.other');
    expect(unwrap(engine.request(otherConsumer))).toEqual({
      kind: 'deny',
      reason: { kind: 'missing-grant' },
    });
    expect(engine.drainEffects()).toEqual([]);
  });

  it('grant_replacement_revokes_open_approval_and_queued_invoke', () => {
    const approvalEngine = configured('require-approval');
    unwrap(approvalEngine.request(request(1, 1, 10)));
    unwrap(internal(approvalEngine).setGrant(grant('allow')));
    expect(approvalEngine.snapshot().requests[0]?.status).toMatchObject({
      kind: 'grant-revoked',
      cancellation: 'not-required',
    });
    expect(approvalEngine.drainEffects()).toEqual([]);

    const invokeEngine = configured('allow');
    unwrap(invokeEngine.request(request(1, 1, 10)));
    unwrap(internal(invokeEngine).setGrant(grant('require-approval')));
    expect(invokeEngine.snapshot().requests[0]?.status).toMatchObject({
      kind: 'grant-revoked',
      cancellation: 'queued-invoke-removed',
    });
    expect(invokeEngine.drainEffects()).toEqual([]);
  });

  it('revoking_grant_closes_pending_approval_and_erases_payload', () => {
    const engine = configured('require-approval');
    unwrap(engine.request(request(1, 1, 10)));
    expect(internal(engine).storedPayload(requestKey(1)).length).toBeGreaterThan(0);
    expect(unwrap(internal(engine).revokeGrant(grant('allow').key))).toBe(true);
    expect(internal(engine).storedPayload(requestKey(1)).length).toBe(0);
    expect(engine.snapshot().requests[0]?.status).toEqual({
      kind: 'grant-revoked',
      operationId: null,
      cancellation: 'not-required',
    });
    expect(
      unwrapErr(internal(engine).resolveApproval(resolution(engine, 1, 'approve-once'))).kind,
    ).toBe('request-not-awaiting-approval');
    expect(engine.drainEffects()).toEqual([]);
    expect(engine.drainCompletions().completions[0]?.outcome.kind).toBe('grant-revoked');
  });
});
