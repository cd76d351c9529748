import {
  ConsumerId,
  ResourceScopeId,
  ToolActorId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { AgentInstanceId, unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { ToolEngine } from '../../src/engine/tool-engine.js';
import {
  configured,
  gateProvider,
  generation,
  grant,
  instance,
  internal,
  provider,
  request,
  requestForClient,
} from '../engine/engine-fixtures.js';

describe('snapshot', () => {
  it('lists everything in key order, whatever the insertion order', () => {
    const engine = new ToolEngine();
    unwrap(engine.registerProvider({ ...gateProvider(), id: ToolProviderId.of('zz.gate') }));
    unwrap(engine.registerProvider(provider()));
    unwrap(engine.setGeneration(AgentInstanceId.of(50), generation(3)));
    unwrap(engine.setGeneration(instance(), generation(1)));
    const scoped = (scope: string) => ({
      ...grant('require-approval'),
      key: { ...grant('require-approval').key, resourceScopeId: ResourceScopeId.of(scope) },
    });
    for (const scope of ['s.c', 's.a', 's.b']) unwrap(internal(engine).setGrant(scoped(scope)));
    for (const id of [9, 2, 5]) unwrap(engine.request(request(id, 1, 100)));
    unwrap(engine.request(requestForClient(1, ConsumerId.of('a.first'), ToolActorId.of('z'))));

    const snapshot = engine.snapshot();
    expect(snapshot.providers.map(({ id }) => id)).toEqual(['gate.browser-future', 'zz.gate']);
    expect(snapshot.generations).toEqual([
      [41, 1],
      [50, 3],
    ]);
    expect(snapshot.instanceStates).toEqual([
      [41, 'active'],
      [50, 'active'],
    ]);
    expect(snapshot.grants.map(({ key }) => key.resourceScopeId)).toEqual(['s.a', 's.b', 's.c']);
    expect(snapshot.requests.map(({ key }) => `${key.consumerId}/${key.localId}`)).toEqual([
      'a.first/1',
      'station.test/2',
      'station.test/5',
      'station.test/9',
    ]);
    expect(engine.instanceIds()).toEqual([41, 50]);
  });

  it('is detached from later changes and its shared records are frozen', () => {
    const engine = configured('require-approval');
    unwrap(engine.request(request(1, 1, 100)));
    const before = engine.snapshot();
    const copy = structuredClone(before);
    unwrap(internal(engine).revokeGrant(grant('allow').key));
    unwrap(engine.advanceTime(3));
    expect(before).toEqual(copy);
    expect(Object.isFrozen(before.requests[0])).toBe(true);
    expect(Object.isFrozen(before.requests[0]?.status)).toBe(true);
    expect(Object.isFrozen(before.auditEvents[0])).toBe(true);
    expect(() => {
      (before.requests[0] as { approvalSummary: string }).approvalSummary = 'changed';
    }).toThrow(TypeError);
  });

  it('lists grants, request snapshots and audit events frozen all the way down', () => {
    // The kernel freezes these lists shallowly and relies on every record in them being frozen.
    const engine = configured('allow');
    unwrap(engine.request(request(1, 1, 100)));
    unwrap(engine.request(request(2, 1, 100)));
    unwrap(internal(engine).revokeGrant(grant('allow').key));
    unwrap(engine.request(request(3, 1, 100)));
    unwrap(engine.advanceTime(200));
    const snapshot = engine.snapshot();
    const unfrozen: string[] = [];
    const walk = (value: unknown, path: string): void => {
      if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return;
      if (!Object.isFrozen(value)) unfrozen.push(path);
      for (const [key, entry] of Object.entries(value)) walk(entry, `${path}/${key}`);
    };
    for (const list of ['grants', 'requests', 'auditEvents'] as const) {
      for (const [index, record] of snapshot[list].entries()) walk(record, `${list}/${index}`);
    }
    expect(snapshot.requests.map(({ status }) => status.kind).sort()).toEqual([
      'denied',
      'grant-revoked',
      'grant-revoked',
    ]);
    expect(snapshot.auditEvents.length).toBeGreaterThan(3);
    expect(unfrozen).toEqual([]);
  });

  it('reports the counters it holds and leaves out the queues and internal counters', () => {
    const engine = configured('allow');
    unwrap(engine.request(request(1, 1, 100)));
    const snapshot = engine.snapshot();
    expect(Object.keys(snapshot).sort()).toEqual(
      [
        'protocolVersion',
        'revision',
        'currentTick',
        'generations',
        'instanceStates',
        'providers',
        'grants',
        'requests',
        'auditEvents',
        'droppedAuditEvents',
        'revisionOverflowCount',
        'nextCompletionSequence',
        'droppedCompletions',
        'effectSequenceExhausted',
        'completionSequenceExhausted',
        'auditSequenceExhausted',
      ].sort(),
    );
    expect(snapshot.protocolVersion).toBe(2);
    expect(engine.pendingEffectCount).toBe(1);
  });
});
