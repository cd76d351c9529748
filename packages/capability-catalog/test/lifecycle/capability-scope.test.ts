import { err, ok, unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilityCeiling,
  CapabilityScope,
  capabilityEffectError,
  MAX_SCOPE_CHILDREN,
  MAX_SCOPE_EFFECTS,
  MAX_SCOPE_TASKS,
  type RetainedUseGeneration,
  type UseCapabilityGeneration,
} from '../../src/index.js';
import {
  CountingEffect,
  counter,
  FailingEffect,
  useGeneration,
  useToolSet,
} from '../../src/testing/index.js';

const upstream = useGeneration(1, 'a');
const { set } = useToolSet(1, upstream, [['projected', 'b']]);
const ceiling = unwrap(CapabilityCeiling.all(set));

function lease(
  generation: UseCapabilityGeneration,
  released: { count: number },
): RetainedUseGeneration {
  return {
    useGeneration: generation,
    [Symbol.dispose]: () => {
      released.count += 1;
    },
  };
}

function session(signal?: AbortSignal) {
  return unwrap(CapabilityScope.newSession('active', set, ceiling, signal));
}

describe('CapabilityScope', () => {
  it('names scopes by path and checks local ids', () => {
    const root = session();
    expect(root.id).toBe('session/active');
    const released = counter();
    const run = unwrap(root.admitUseRun('active', ceiling, lease(upstream, released)));
    expect(run.id).toBe('session/active/run/active');
    expect(run.parentId).toBe('session/active');
    expect(unwrap(run.child('turn', 't1')).id).toBe('session/active/run/active/turn/t1');
    expect(unwrapErr(run.child('turn', 'Bad'))).toMatchObject({ kind: 'invalid-scope-id' });
    expect(unwrapErr(CapabilityScope.newSession('a'.repeat(257), set, ceiling))).toMatchObject({
      kind: 'bound-exceeded',
      field: 'scope_local_id',
    });
    expect(unwrapErr(CapabilityScope.newSession('a'.repeat(250), set, ceiling))).toMatchObject({
      kind: 'bound-exceeded',
      field: 'scope_id',
    });
  });

  it('refuses a Session scope on an aborted signal and a run without the lease the cursor needs', () => {
    expect(
      unwrapErr(CapabilityScope.newSession('active', set, ceiling, AbortSignal.abort())),
    ).toMatchObject({ kind: 'scope-inactive' });
    expect(unwrapErr(session().admitRun('active', ceiling))).toMatchObject({
      kind: 'missing-use-generation-lease',
    });
  });

  it('releases a mismatched or refused lease at once', () => {
    const root = session();
    const released = counter();
    expect(
      unwrapErr(root.admitUseRun('active', ceiling, lease(useGeneration(2, 'a'), released))),
    ).toMatchObject({
      kind: 'use-generation-lease-mismatch',
      expectedGeneration: 1,
      actualGeneration: 2,
    });
    expect(released.count).toBe(1);
    unwrap(root.admitUseRun('active', ceiling, lease(upstream, released)));
    expect(unwrapErr(root.admitUseRun('active', ceiling, lease(upstream, released)))).toMatchObject(
      { kind: 'duplicate-child-scope' },
    );
    expect(released.count).toBe(2);
  });

  it('closes tasks, children (reverse order), effects (reverse order) and then the lease', async () => {
    const root = session();
    const released = counter();
    const run = unwrap(root.admitUseRun('active', ceiling, lease(upstream, released)));
    const log: string[] = [];
    const named = (name: string) => ({
      name,
      close: async () => {
        log.push(name);
        return ok();
      },
    });
    unwrap(run.registerEffect(named('first')));
    unwrap(run.registerEffect(named('second')));
    unwrap(unwrap(run.child('turn', 'one')).registerEffect(named('turn-one')));
    unwrap(unwrap(run.child('turn', 'two')).registerEffect(named('turn-two')));
    unwrap(
      run.spawnTask(
        'waits-for-cancel',
        (signal) =>
          new Promise((_, reject) =>
            signal.addEventListener('abort', () => reject(new Error('cancelled'))),
          ),
      ),
    );
    unwrap(run.spawnTask('finishes', async () => 'done'));
    unwrap(
      run.spawnTask('fails', async () => {
        throw new Error('task failed');
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    const report = unwrap(await run.close());
    expect(log).toEqual(['turn-two', 'turn-one', 'second', 'first']);
    expect(report).toMatchObject({
      tasksCompleted: 1,
      tasksFailed: 1,
      tasksCancelled: 1,
      childScopesClosed: 2,
      effectsClosed: 2,
      generationLeasesReleased: 1,
      isClean: false,
    });
    expect(released.count).toBe(1);
    expect(await run.close()).toEqual(ok(report));
    expect(run.isActive).toBe(false);
    expect(unwrapErr(run.registerEffect(named('late')))).toMatchObject({
      kind: 'supervisor-closed',
    });
  });

  it('reports a failing child as closed and failed in the parent', async () => {
    const root = session();
    const run = unwrap(root.admitUseRun('active', ceiling, lease(upstream, counter())));
    unwrap(run.registerEffect(new FailingEffect()));
    const report = unwrap(await root.close());
    expect(report).toMatchObject({
      childScopesClosed: 1,
      childScopesFailed: 1,
      effectsFailed: 0,
      isClean: false,
    });
  });

  it('validates lifecycle names and bounds effects per scope', () => {
    const root = session();
    expect(
      unwrapErr(
        root.registerEffect({
          name: 'Bad Name',
          close: async () => err(capabilityEffectError('x')),
        }),
      ),
    ).toMatchObject({
      kind: 'invalid-lifecycle-name',
    });
    expect(
      unwrapErr(root.registerEffect({ name: 'a'.repeat(129), close: async () => ok() })),
    ).toMatchObject({ kind: 'bound-exceeded', field: 'lifecycle_name' });
    const closed = counter();
    for (let i = 0; i < MAX_SCOPE_EFFECTS; i += 1)
      unwrap(root.registerEffect(new CountingEffect(closed)));
    expect(unwrapErr(root.registerEffect(new CountingEffect(closed)))).toMatchObject({
      kind: 'bound-exceeded',
      field: 'scope_effects',
      max: 1_024,
    });
  });

  it('bounds tasks and active children per scope, and refuses a second lease', async () => {
    const root = session();
    const run = unwrap(root.admitUseRun('active', ceiling, lease(upstream, counter())));
    for (let i = 0; i < MAX_SCOPE_TASKS; i += 1) unwrap(run.spawnTask(`task-${i}`, async () => i));
    expect(unwrapErr(run.spawnTask('one-more', async () => 0))).toMatchObject({
      kind: 'bound-exceeded',
      field: 'scope_tasks',
    });
    for (let i = 0; i < MAX_SCOPE_CHILDREN; i += 1) unwrap(run.child('subtask', `s${i}`));
    expect(unwrapErr(run.child('subtask', 'one-more'))).toMatchObject({
      kind: 'bound-exceeded',
      field: 'scope_children',
    });
    expect(unwrapErr(root.child('turn', 'not-under-a-session'))).toMatchObject({
      kind: 'invalid-scope-id',
    });
    const report = unwrap(await root.close());
    expect(report).toMatchObject({ childScopesClosed: 1, isClean: true });
  });

  it('refuses a close timeout of 0 or above 60 s', async () => {
    expect(unwrapErr(await session().close({ timeoutMs: 0 }))).toMatchObject({
      kind: 'invalid-execution-limit',
    });
    expect(unwrapErr(await session().close({ timeoutMs: 60_001 }))).toMatchObject({
      kind: 'bound-exceeded',
      field: 'scope_close_timeout_ms',
    });
  });

  it('hands out a weak handle that stops registering once the scope closes', async () => {
    const root = session();
    const handle = root.handle();
    const closed = counter();
    expect(handle.isActive).toBe(true);
    unwrap(handle.registerEffect(new CountingEffect(closed)));
    await root[Symbol.asyncDispose]();
    expect(closed.count).toBe(1);
    expect(handle.isActive).toBe(false);
    expect(unwrapErr(handle.registerEffect(new CountingEffect(closed)))).toMatchObject({
      kind: 'scope-inactive',
      scopeId: 'session/active',
    });
  });

  it('cascades host cancellation into child scopes', () => {
    const host = new AbortController();
    const root = session(host.signal);
    const run = unwrap(root.admitUseRun('active', ceiling, lease(upstream, counter())));
    host.abort();
    expect(run.signal.aborted).toBe(true);
    expect(run.isActive).toBe(false);
    expect(unwrapErr(run.child('turn', 'late'))).toMatchObject({ kind: 'scope-inactive' });
  });
});
