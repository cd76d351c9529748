import { AgentInstanceId, unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  configured,
  generation,
  grant,
  instance,
  internal,
  request,
  requestKey,
  scopedGrant,
} from '../engine/engine-fixtures.js';

describe('setGeneration, setInstanceState and removeInstance', () => {
  it('setGeneration: lower fails, equal changes nothing, a removed instance accepts any value', () => {
    const engine = configured(null);
    unwrap(engine.setGeneration(instance(), generation(3)));
    expect(unwrapErr(engine.setGeneration(instance(), generation(2)))).toMatchObject({
      kind: 'generation-regressed',
      current: 3,
      requested: 2,
    });
    const before = engine.snapshot();
    unwrap(engine.setGeneration(instance(), generation(3)));
    expect(engine.snapshot()).toEqual(before);
    expect(unwrap(engine.removeInstance(instance()))).toBe(true);
    unwrap(engine.setGeneration(instance(), generation(1)));
    expect(engine.snapshot().generations).toEqual([[instance(), 1]]);
    expect(engine.snapshot().auditEvents.at(-1)?.event).toEqual({
      kind: 'generation-advanced',
      instanceId: instance(),
      previous: null,
      current: 1,
      purgedGrantCount: 0,
    });
  });

  it('setGeneration keeps an inactive state and supersedes an open approval without a cancel', () => {
    const engine = configured('require-approval');
    unwrap(engine.request(request(1, 1, 100)));
    unwrap(engine.setGeneration(instance(), generation(2)));
    expect(engine.requestSnapshot(requestKey(1))?.status).toEqual({
      kind: 'superseded',
      operationId: null,
      cancellation: 'not-required',
      currentGeneration: 2,
    });
    expect(engine.drainEffects()).toEqual([]);
    unwrap(engine.setInstanceState(instance(), generation(2), 'inactive'));
    unwrap(engine.setGeneration(instance(), generation(3)));
    expect(engine.snapshot().instanceStates).toEqual([[instance(), 'inactive']]);
  });

  it('setGeneration keeps grants already set for exactly the new generation and other instances', () => {
    const engine = configured('allow');
    const other = AgentInstanceId.of(42);
    unwrap(engine.setGeneration(other, generation(1)));
    unwrap(internal(engine).setGrant(scopedGrant(other, generation(1), 'scope:other', 'allow')));
    unwrap(engine.setGeneration(instance(), generation(2)));
    expect(engine.snapshot().grants.map(({ key }) => key.instanceId)).toEqual([other]);
  });

  it('setInstanceState: unknown, wrong generation and same state are refused or no-ops', () => {
    const engine = configured('allow');
    expect(
      unwrapErr(engine.setInstanceState(AgentInstanceId.of(7), generation(1), 'inactive')).kind,
    ).toBe('unknown-policy-instance');
    expect(unwrapErr(engine.setInstanceState(instance(), generation(2), 'inactive'))).toMatchObject(
      {
        kind: 'policy-generation-mismatch',
        current: 1,
        requested: 2,
      },
    );
    const before = engine.snapshot();
    unwrap(engine.setInstanceState(instance(), generation(1), 'active'));
    expect(engine.snapshot()).toEqual(before);
  });

  it('going inactive purges every grant of the instance and closes its work; going active restores none', () => {
    const engine = configured('allow');
    unwrap(engine.request(request(1, 1, 100)));
    unwrap(engine.setInstanceState(instance(), generation(1), 'inactive'));
    expect(engine.requestSnapshot(requestKey(1))?.status).toMatchObject({
      kind: 'instance-closed',
      cancellation: 'queued-invoke-removed',
    });
    expect(engine.drainEffects()).toEqual([]);
    expect(
      engine
        .snapshot()
        .auditEvents.slice(-2)
        .map(({ event }) => event),
    ).toEqual([
      { kind: 'request-instance-closed', operationId: 1, cancellation: 'queued-invoke-removed' },
      {
        kind: 'instance-state-changed',
        instanceId: instance(),
        generation: 1,
        state: 'inactive',
        purgedGrantCount: 1,
      },
    ]);
    unwrap(engine.setInstanceState(instance(), generation(1), 'active'));
    expect(engine.snapshot().grants).toEqual([]);
    expect(unwrap(engine.request(request(2, 1, 100)))).toEqual({
      kind: 'deny',
      reason: { kind: 'missing-grant' },
    });
  });

  it('removeInstance: unknown is false and changes nothing; terminal records stay', () => {
    const engine = configured('allow');
    const before = engine.snapshot();
    expect(unwrap(engine.removeInstance(AgentInstanceId.of(7)))).toBe(false);
    expect(engine.snapshot()).toEqual(before);
    unwrap(engine.request(request(1, 1, 100)));
    const [invoke] = engine.drainEffects();
    expect(unwrap(engine.removeInstance(instance()))).toBe(true);
    expect(engine.requestSnapshot(requestKey(1))?.status).toEqual({
      kind: 'instance-closed',
      operationId: invoke?.operationId,
      cancellation: 'cancel-queued-unconfirmed',
    });
    expect(engine.drainEffects()[0]?.effect).toEqual({ kind: 'cancel', reason: 'instance-closed' });
    expect(engine.snapshot().auditEvents.at(-1)?.event).toEqual({
      kind: 'instance-removed',
      instanceId: instance(),
      previousGeneration: 1,
      purgedGrantCount: 1,
    });
    expect(engine.instanceIds()).toEqual([]);
    expect(engine.snapshot().grants).toEqual([]);
    expect(internal(engine).grantMode(grant('allow').key)).toBeUndefined();
  });
});
