import { ResourceScopeId } from '@gate4agent/tool-protocol';
import { AgentInstanceId, SessionGeneration } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { GrantTable } from '../../src/state/grant-table.js';
import { grant } from '../engine/engine-fixtures.js';

const keyFor = (scope: string, instance = 41) => ({
  ...grant('allow').key,
  instanceId: AgentInstanceId.of(instance),
  resourceScopeId: ResourceScopeId.of(scope),
});

describe('GrantTable', () => {
  it('finds exactly the key it holds, on every coordinate', () => {
    const table = new GrantTable();
    table.set(keyFor('s.a'), 'allow');
    expect(table.mode(keyFor('s.a'))).toBe('allow');
    expect(table.mode(keyFor('s.b'))).toBeUndefined();
    expect(table.mode(keyFor('s.a', 42))).toBeUndefined();
    expect(table.mode({ ...keyFor('s.a'), generation: SessionGeneration.of(2) })).toBeUndefined();
    // The same lookup from a client and a request's coordinates, with no key object built.
    const { consumerId, actorId, ...target } = keyFor('s.a');
    expect(table.modeAt(consumerId, actorId, target)).toBe('allow');
    expect(
      table.modeAt(consumerId, actorId, { ...target, resourceScopeId: ResourceScopeId.of('s.b') }),
    ).toBeUndefined();
    expect(table.size).toBe(1);
  });

  it('replaces in place, deletes, prunes empty levels and purges by predicate', () => {
    const table = new GrantTable();
    table.set(keyFor('s.a'), 'allow');
    table.set(keyFor('s.a'), 'require-approval');
    expect(table.size).toBe(1);
    expect(table.mode(keyFor('s.a'))).toBe('require-approval');
    expect(table.delete(keyFor('s.b'))).toBe(false);
    expect(table.delete(keyFor('s.a'))).toBe(true);
    expect(table.delete(keyFor('s.a'))).toBe(false);
    expect(table.size).toBe(0);
    for (const scope of ['s.a', 's.b', 's.c'])
      table.set(keyFor(scope, scope === 's.b' ? 42 : 41), 'allow');
    expect(table.purge((key) => key.instanceId === 41)).toBe(2);
    expect(table.sorted().map(({ key }) => key.resourceScopeId)).toEqual(['s.b']);
    table.set(keyFor('s.d'), 'allow');
    expect(table.sorted().map(({ key }) => key.resourceScopeId)).toEqual(['s.d', 's.b']);
  });
});
