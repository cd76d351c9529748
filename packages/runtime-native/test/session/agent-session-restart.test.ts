// An AgentSession follows one run: a later `start` of its instance through the control handle is
// a run it does not follow, but its dispose() still ends that run and removes the instance.

import type { Gate4AgentHandle } from '@gate4agent/handle';
import {
  CONTROL_FIXTURE_ID,
  FIXTURE_TIMEOUT,
  interactiveAgentSpec,
  isProcessAlive,
  trackProcess,
  useFixtureTracking,
} from '@gate4agent/testkit';
import type { SessionSnapshot } from '@gate4agent/types';
import {
  AgentId,
  CommandId,
  Gate4AgentError,
  ProviderRuntimePolicy,
  unwrap,
} from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NativeRuntime } from '../../src/runtime/native-runtime.js';
import type { AgentSession } from '../../src/session/agent-session.js';
import { registry, startRequest } from '../runtime/support/fixtures.js';

useFixtureTracking({ beforeEach, afterEach });

const runtimes: NativeRuntime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.dispose();
});

const wait = { timeoutMs: FIXTURE_TIMEOUT };

async function launched(): Promise<{
  runtime: NativeRuntime;
  handle: Gate4AgentHandle;
  session: AgentSession;
}> {
  const { runtime, handle } = unwrap(NativeRuntime.create(registry(interactiveAgentSpec())));
  runtimes.push(runtime);
  const session = await runtime.launchAgent(AgentId.of(CONTROL_FIXTURE_ID));
  trackProcess(session.processId ?? 0, `agent ${session.instanceId}`, { group: true });
  await session.waitFor('fixture-ready>', wait);
  return { runtime, handle, session };
}

function rowOf(handle: Gate4AgentHandle, session: AgentSession): SessionSnapshot | null {
  const rows = handle.snapshot().sessions;
  return rows.find((row) => row.instanceId === session.instanceId) ?? null;
}

/** Starts the session's instance again through the control handle; resolves with the new row. */
async function restartThroughHandle(
  runtime: NativeRuntime,
  handle: Gate4AgentHandle,
  session: AgentSession,
): Promise<SessionSnapshot> {
  unwrap(
    handle.dispatch({
      id: CommandId.of(90_001),
      command: {
        kind: 'start',
        instanceId: session.instanceId,
        runtimePolicy: ProviderRuntimePolicy.rawPty(),
        request: startRequest({ rows: 24, columns: 80 }),
      },
    }),
  );
  const row = await runtime.waitUntil(() => {
    const current = rowOf(handle, session);
    return current?.status.kind === 'running' && current.processId !== null ? current : null;
  });
  trackProcess(row.processId ?? 0, `restarted agent ${session.instanceId}`, { group: true });
  return row;
}

describe('AgentSession after a restart through the control handle', () => {
  it('dispose() stops the later run, waits for its exit and removes the instance', async () => {
    const { runtime, handle, session } = await launched();
    const ownGeneration = session.generation ?? 0;
    const first = await session.stop({ graceMs: 2_000 });
    const restarted = await restartThroughHandle(runtime, handle, session);
    expect(restarted.generation).toBeGreaterThan(ownGeneration);

    // The session followed its own run only.
    expect(await session.exited).toBe(first);
    expect(session.snapshot).toBeNull();
    expect(session.status).toEqual(first.status);

    await session.dispose();
    expect(rowOf(handle, session)).toBeNull();
    expect(runtime.activeNativeSessions()).toBe(0);
    expect(isProcessAlive(restarted.processId ?? 0)).toBe(false);
  });

  it('dispose() while the later run is still starting stops it once it runs and removes it', async () => {
    const { runtime, handle, session } = await launched();
    await session.stop({ graceMs: 2_000 });
    const pids = new Set<number>();
    let disposal: Promise<void> | null = null;
    // Dispose in the very publication that shows the later run starting (no pid yet).
    const unsubscribe = runtime.onPublish(() => {
      const row = rowOf(handle, session);
      if (row?.processId != null && !pids.has(row.processId)) {
        pids.add(row.processId);
        trackProcess(row.processId, `restarted agent ${session.instanceId}`, { group: true });
      }
      if (disposal === null && row?.status.kind === 'starting') disposal = session.dispose();
    });
    unwrap(
      handle.dispatch({
        id: CommandId.of(90_002),
        command: {
          kind: 'start',
          instanceId: session.instanceId,
          runtimePolicy: ProviderRuntimePolicy.rawPty(),
          request: startRequest({ rows: 24, columns: 80 }),
        },
      }),
    );
    await runtime.waitUntil(() => disposal);
    await disposal;
    unsubscribe();
    expect(rowOf(handle, session)).toBeNull();
    expect(runtime.activeNativeSessions()).toBe(0);
    for (const pid of pids) expect(isProcessAlive(pid)).toBe(false);
  });

  it('ends its waits and iterations with its own run and keeps inputs from the later run', async () => {
    const { runtime, handle, session } = await launched();
    const ownGeneration = session.generation;
    const frames = (async () => {
      let count = 0;
      for await (const _ of session.frames()) count += 1;
      return count;
    })();
    const waiting = session.waitFor('never on screen').catch((error: unknown) => error);
    // Someone else stops the run and starts the instance again.
    unwrap(
      handle.dispatch({
        id: CommandId.of(90_000),
        command: { kind: 'stop', instanceId: session.instanceId, force: false },
      }),
    );
    const exit = await session.exited;
    expect(await waiting).toMatchObject({ kind: 'agent-exited' });
    expect(await frames).toBeGreaterThan(0);
    const restarted = await restartThroughHandle(runtime, handle, session);
    expect(restarted.generation).not.toBe(ownGeneration);

    const refused = await session.submit('for the later run').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Gate4AgentError);
    expect((refused as Gate4AgentError).kind).toBe('agent-exited');
    expect((refused as Gate4AgentError).message).toContain(
      `now runs generation ${restarted.generation}`,
    );
    expect(rowOf(handle, session)?.pendingInput ?? null).toBeNull();
    expect(await session.stop()).toBe(exit);
    // The later run still runs: stop() ends only the session's own run.
    expect(rowOf(handle, session)?.status.kind).toBe('running');

    // Every disposal shares one: the later run is stopped once and the instance removed once.
    const events = handle.subscribe(64);
    const disposals = [session.dispose(), session[Symbol.asyncDispose](), session.dispose()];
    await Promise.all(disposals);
    expect(rowOf(handle, session)).toBeNull();
    const kinds: string[] = [];
    for (let next = events.tryRecv(); next.ok; next = events.tryRecv()) {
      if (next.value.instanceId === session.instanceId) kinds.push(next.value.event.kind);
    }
    expect(kinds.filter((kind) => kind === 'stop-requested')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'removed')).toHaveLength(1);
    expect(kinds).not.toContain('command-rejected');
    expect(isProcessAlive(restarted.processId ?? 0)).toBe(false);
  });
});
