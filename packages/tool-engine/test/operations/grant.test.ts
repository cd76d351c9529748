import {
  ConsumerId,
  ResourceScopeId,
  TOOL_POLICIES_MAX,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { AgentInstanceId, unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { ToolEngine } from '../../src/engine/tool-engine.js';
import {
  configured,
  generation,
  grant,
  instance,
  internal,
  provider,
  request,
  requestKey,
  scopedGrant,
} from '../engine/engine-fixtures.js';

describe('setGrant and revokeGrant', () => {
  it('checks provider, capability, owner, instance, activity and generation in that order', () => {
    const engine = new ToolEngine();
    const unknownProvider = grant('allow');
    expect(unwrapErr(internal(engine).setGrant(unknownProvider)).kind).toBe(
      'unknown-policy-provider',
    );
    unwrap(engine.registerProvider(provider()));

    const unknownCapability = grant('allow');
    unknownCapability.key.capabilityId = ToolCapabilityId.of('browser.page.other');
    unknownCapability.key.consumerId = ConsumerId.of('station.other');
    expect(unwrapErr(internal(engine).setGrant(unknownCapability))).toMatchObject({
      kind: 'unknown-policy-capability',
      capabilityId: 'browser.page.other',
    });

    const otherOwner = grant('allow');
    otherOwner.key.consumerId = ConsumerId.of('station.other');
    expect(unwrapErr(internal(engine).setGrant(otherOwner))).toMatchObject({
      kind: 'provider-owner-mismatch',
      owner: 'station.test',
      requestedConsumer: 'station.other',
    });
    expect(unwrapErr(internal(engine).setGrant(grant('allow'))).kind).toBe(
      'unknown-policy-instance',
    );

    unwrap(engine.setGeneration(instance(), generation(1)));
    unwrap(engine.setInstanceState(instance(), generation(1), 'inactive'));
    const stale = grant('allow');
    stale.key.generation = generation(2);
    expect(unwrapErr(internal(engine).setGrant(stale)).kind).toBe('inactive-policy-instance');
    unwrap(engine.setInstanceState(instance(), generation(1), 'active'));
    expect(unwrapErr(internal(engine).setGrant(stale))).toMatchObject({
      kind: 'policy-generation-mismatch',
      current: 1,
      requested: 2,
    });
    expect(engine.snapshot().grants).toEqual([]);
  });

  it('changes nothing when the same mode is set again', () => {
    const engine = configured('allow');
    const before = engine.snapshot();
    unwrap(internal(engine).setGrant(grant('allow')));
    expect(engine.snapshot()).toEqual(before);
  });

  it('holds exactly TOOL_POLICIES_MAX grants; a new key beyond fails, a mode change still works', () => {
    const engine = configured(null);
    for (let index = 0; index < TOOL_POLICIES_MAX; index += 1) {
      unwrap(
        internal(engine).setGrant(
          scopedGrant(instance(), generation(1), `scope:${index}`, 'allow'),
        ),
      );
    }
    const before = engine.snapshot();
    expect(before.grants).toHaveLength(TOOL_POLICIES_MAX);
    expect(
      unwrapErr(
        internal(engine).setGrant(scopedGrant(instance(), generation(1), 'scope:new', 'allow')),
      ).kind,
    ).toBe('policy-capacity-exceeded');
    expect(engine.snapshot()).toEqual(before);
    unwrap(
      internal(engine).setGrant(
        scopedGrant(instance(), generation(1), 'scope:7', 'require-approval'),
      ),
    );
    expect(engine.snapshot().grants).toHaveLength(TOOL_POLICIES_MAX);
  });

  it('audits each revoked request before the grant-set of a mode change', () => {
    const engine = configured('require-approval');
    unwrap(engine.request(request(1, 1, 100)));
    unwrap(engine.request(request(2, 1, 100)));
    unwrap(internal(engine).setGrant(grant('allow')));
    const events = engine.snapshot().auditEvents.slice(-3);
    expect(events.map(({ event }) => event.kind)).toEqual([
      'request-grant-revoked',
      'request-grant-revoked',
      'grant-set',
    ]);
    expect(events.map(({ subject }) => subject?.requestKey.localId ?? null)).toEqual([1, 2, null]);
    expect(events[2]?.event).toEqual({ kind: 'grant-set', grant: grant('allow') });
  });

  it('revokes only requests matching all seven coordinates', () => {
    const engine = configured('require-approval');
    unwrap(
      internal(engine).setGrant(
        scopedGrant(instance(), generation(1), 'workspace:test/other', 'require-approval'),
      ),
    );
    unwrap(engine.request(request(1, 1, 100)));
    const other = request(2, 1, 100);
    other.request.resourceScopeId = ResourceScopeId.of('workspace:test/other');
    unwrap(engine.request(other));
    expect(unwrap(internal(engine).revokeGrant(grant('allow').key))).toBe(true);
    expect(engine.requestSnapshot(requestKey(1))?.status.kind).toBe('grant-revoked');
    expect(engine.requestSnapshot(requestKey(2))?.status.kind).toBe('awaiting-approval');
    expect(engine.snapshot().auditEvents.at(-1)?.event).toEqual({
      kind: 'grant-revoked',
      key: grant('allow').key,
    });
  });

  it('revoking an absent grant changes nothing', () => {
    const engine = configured(null);
    const before = engine.snapshot();
    expect(unwrap(internal(engine).revokeGrant(grant('allow').key))).toBe(false);
    expect(engine.snapshot()).toEqual(before);
  });

  it('keeps its own frozen copy of the grant key', () => {
    const engine = configured(null);
    const mutable = grant('allow');
    unwrap(internal(engine).setGrant(mutable));
    mutable.key.resourceScopeId = ResourceScopeId.of('workspace:elsewhere');
    const [stored] = engine.snapshot().grants;
    expect(stored?.key.resourceScopeId).toBe('workspace:test/page:active');
    expect(Object.isFrozen(stored?.key)).toBe(true);
    expect(internal(engine).grantMode(grant('allow').key)).toBe('allow');
  });

  it('grants are per instance: another instance at the same generation is not covered', () => {
    const engine = configured('allow');
    unwrap(engine.setGeneration(AgentInstanceId.of(42), generation(1)));
    const elsewhere = request(1, 1, 100);
    elsewhere.request.instanceId = AgentInstanceId.of(42);
    expect(unwrap(engine.request(elsewhere))).toEqual({
      kind: 'deny',
      reason: { kind: 'missing-grant' },
    });
    const unregistered = request(2, 1, 100);
    unregistered.request.providerId = ToolProviderId.of('gate.unregistered');
    expect(unwrap(engine.request(unregistered))).toEqual({
      kind: 'deny',
      reason: { kind: 'unknown-provider' },
    });
  });
});
