// A launch given up through its signal leaves nothing behind, wherever it is aborted: no
// registered instance, no process, no MCP attachment or scratch config, and the promise rejects
// with the signal's reason. Each abort lands at a known point of the launch: either the host driver
// is paused and the test ticks by hand, or a publication listener aborts on the state it sees. The
// driver runs again afterwards so that the cleanup can complete.
import { existsSync } from 'node:fs';
import type { Gate4AgentHandle } from '@gate4agent/handle';
import {
  interactiveAgentSpec,
  isProcessAlive,
  trackProcess,
  useFixtureTracking,
} from '@gate4agent/testkit';
import {
  AgentId,
  AgentInstanceId,
  CommandId,
  Gate4AgentError,
  ProviderRuntimePolicy,
  unwrap,
} from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NativeRuntime } from '../../src/runtime/native-runtime.js';
import { NativeRuntime as Runtime } from '../../src/runtime/native-runtime.js';
import { registry, startRequest } from './support/fixtures.js';
import { RecordingAttacher } from './support/recording-attacher.js';

useFixtureTracking({ beforeEach, afterEach });

const runtimes: NativeRuntime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.dispose();
});

/** The fixture agent under opencode's id, so that an MCP launch gets opencode's configuration. */
const AGENT = AgentId.of('opencode');
/** Far above the command ids `AgentSession` hands out. */
const MARKER_COMMAND_ID = 2_000_000;

interface Harness {
  readonly runtime: NativeRuntime;
  readonly handle: Gate4AgentHandle;
  readonly attacher: RecordingAttacher;
  /** Every agent process a publication showed. */
  readonly pids: Set<number>;
}

function harness(): Harness {
  const attacher = new RecordingAttacher();
  const spec = { ...interactiveAgentSpec(), id: AGENT };
  const { runtime, handle } = unwrap(Runtime.create(registry(spec), { mcp: attacher }));
  runtimes.push(runtime);
  const pids = new Set<number>();
  runtime.onPublish(() => {
    for (const row of handle.snapshot().sessions) {
      if (row.processId !== null && !pids.has(row.processId)) {
        pids.add(row.processId);
        trackProcess(row.processId, `agent ${row.instanceId}`, { group: true });
      }
    }
  });
  return { runtime, handle, attacher, pids };
}

/**
 * Resolves once every command dispatched before it has been reduced: a marker command (a stop of
 * an instance that does not exist) goes through the same queue, and its rejection is published
 * after everything queued ahead of it.
 */
async function settled(h: Harness): Promise<void> {
  const events = h.handle.subscribe(64);
  const marker = CommandId.of(MARKER_COMMAND_ID);
  unwrap(
    h.handle.dispatch({
      id: marker,
      command: { kind: 'stop', instanceId: AgentInstanceId.of(999_999), force: false },
    }),
  );
  for await (const event of events) {
    if (event.commandId === marker) break;
  }
  events.close();
}

/** Lets every pending promise step run (the launch's own continuations), no timer involved. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function expectNothingLeft(h: Harness): Promise<void> {
  await settled(h);
  expect(h.handle.snapshot().sessions).toEqual([]);
  expect(h.runtime.activeNativeSessions()).toBe(0);
  for (const pid of h.pids) expect(isProcessAlive(pid)).toBe(false);
  expect(h.attacher.disposed).toBe(h.attacher.requests.length);
  for (const { configDir } of h.attacher.requests) expect(existsSync(configDir)).toBe(false);
}

/**
 * Launches with the driver paused (the launch has dispatched its register when `launchAgent`
 * returns), runs `ticks` manual ticks, each followed by the launch's own continuations, aborts
 * with `reason`, resumes the driver, and resolves with the launch's rejection.
 */
async function abortAfterTicks(h: Harness, ticks: number, reason: Error): Promise<unknown> {
  const controller = new AbortController();
  const launch = h.runtime.launchAgent(AGENT, { signal: controller.signal });
  const outcome = launch.then(
    (session) => ({ session }),
    (error: unknown) => ({ error }),
  );
  await h.runtime.stop();
  for (let tick = 0; tick < ticks; tick += 1) {
    h.runtime.tick();
    await turn();
  }
  controller.abort(reason);
  h.runtime.start();
  const settledLaunch = await outcome;
  expect(settledLaunch).not.toHaveProperty('session');
  return (settledLaunch as { error: unknown }).error;
}

/** Launches with `mcp: true` and aborts in the first publication whose row `abortWhen` accepts. */
async function abortOnPublish(
  h: Harness,
  abortWhen: (status: string) => boolean,
  reason: Error,
): Promise<void> {
  const controller = new AbortController();
  const unsubscribe = h.runtime.onPublish(() => {
    const row = h.handle.snapshot().sessions[0];
    if (row !== undefined && abortWhen(row.status.kind)) controller.abort(reason);
  });
  try {
    await expect(
      h.runtime.launchAgent(AGENT, { mcp: true, signal: controller.signal }),
    ).rejects.toBe(reason);
  } finally {
    unsubscribe();
  }
}

describe('launchAgent aborted through its signal', () => {
  it('before the register is reduced: nothing is registered afterwards', async () => {
    const h = harness();
    const reason = new Error('given up before the register');
    expect(await abortAfterTicks(h, 0, reason)).toBe(reason);
    await expectNothingLeft(h);
  });

  it('after the register, with the start queued: the instance is removed', async () => {
    const h = harness();
    const reason = new Error('given up with the start queued');
    expect(await abortAfterTicks(h, 1, reason)).toBe(reason);
    await expectNothingLeft(h);
  });

  it('with the start reduced and the spawn under way: the agent is stopped and removed', async () => {
    const h = harness();
    const reason = new Error('given up while spawning');
    expect(await abortAfterTicks(h, 2, reason)).toBe(reason);
    await expectNothingLeft(h);
  });

  it('while the MCP attacher attaches: the attachment ends and nothing is registered', async () => {
    const h = harness();
    const reason = new Error('given up while attaching');
    const controller = new AbortController();
    h.attacher.onAttach = async () => controller.abort(reason);
    await expect(
      h.runtime.launchAgent(AGENT, { mcp: true, signal: controller.signal }),
    ).rejects.toBe(reason);
    await expectNothingLeft(h);
    expect(h.attacher.requests).toHaveLength(1);
  });

  it('while a slow MCP attacher waits: it gets the signal, and its abort ends the launch', async () => {
    const h = harness();
    const reason = new Error('given up while a slow attacher waited');
    const controller = new AbortController();
    h.attacher.onAttach = (request) =>
      new Promise((_, reject) => {
        // Waits for nothing but the signal, as an attacher stuck on a slow server would.
        const signal = request.signal;
        if (signal === undefined) return reject(new Error('the attacher got no signal'));
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        setImmediate(() => controller.abort(reason));
      });
    await expect(
      h.runtime.launchAgent(AGENT, { mcp: true, signal: controller.signal }),
    ).rejects.toBe(reason);
    await settled(h);
    expect(h.handle.snapshot().sessions).toEqual([]);
    // Nothing was attached, so nothing is disposed; the scratch config is gone.
    expect(h.attacher.requests).toHaveLength(1);
    expect(h.attacher.disposed).toBe(0);
    expect(existsSync(h.attacher.requests[0]?.configDir ?? '')).toBe(false);
  });

  it('between the register and the start (MCP launch): the start is never sent', async () => {
    const h = harness();
    // The publication that shows the instance registered has just answered the register's wait:
    // the launch would send its start next.
    await abortOnPublish(h, (status) => status === 'registered', new Error('between the two'));
    await expectNothingLeft(h);
  });

  it('while waiting for the process to run (MCP launch): the agent is stopped and removed', async () => {
    const h = harness();
    await abortOnPublish(h, (status) => status === 'starting', new Error('waiting for the pid'));
    await expectNothingLeft(h);
  });

  it('says so, typed, when the cleanup itself is refused (someone else started the instance)', async () => {
    const h = harness();
    const controller = new AbortController();
    const reason = new Error('given up');
    let instance: AgentInstanceId | null = null;
    const unsubscribe = h.runtime.onPublish(() => {
      const row = h.handle.snapshot().sessions[0];
      if (row?.status.kind !== 'registered' || instance !== null) return;
      instance = row.instanceId;
      // In the same publication: the launch is given up and an app starts the instance itself.
      controller.abort(reason);
      unwrap(
        h.handle.dispatch({
          id: CommandId.of(MARKER_COMMAND_ID + 1),
          command: {
            kind: 'start',
            instanceId: row.instanceId,
            runtimePolicy: ProviderRuntimePolicy.rawPty(),
            request: startRequest({ rows: 24, columns: 80 }),
          },
        }),
      );
    });
    const error = await h.runtime
      .launchAgent(AGENT, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    unsubscribe();
    expect(error).toBeInstanceOf(Gate4AgentError);
    expect((error as Gate4AgentError).kind).toBe('launch-cleanup-failed');
    expect((error as Gate4AgentError).message).toContain('given up');
    expect((error as Gate4AgentError).message).toContain(`instance ${instance}`);
    expect((error as Gate4AgentError).cause).toMatchObject({ kind: 'command-rejected' });
    // The app's own run: it stops and removes it.
    const running = await h.runtime.waitUntil(() => {
      const row = h.handle.snapshot().sessions[0];
      return row?.status.kind === 'running' ? row : null;
    });
    unwrap(
      h.handle.dispatch({
        id: CommandId.of(MARKER_COMMAND_ID + 2),
        command: { kind: 'stop', instanceId: running.instanceId, force: true },
      }),
    );
    await h.runtime.waitUntil(() => h.handle.snapshot().sessions[0]?.status.kind === 'exited');
    unwrap(
      h.handle.dispatch({
        id: CommandId.of(MARKER_COMMAND_ID + 3),
        command: { kind: 'remove', instanceId: running.instanceId },
      }),
    );
    await expectNothingLeft(h);
  });

  it('with a reason that is not an Error: the launch rejects with it as given', async () => {
    const h = harness();
    const controller = new AbortController();
    const launched = h.runtime.launchAgent(AGENT, { signal: controller.signal });
    controller.abort('a string reason');
    await expect(launched).rejects.toBe('a string reason');
    await expectNothingLeft(h);
  });
});

describe('launchAgent under a command backlog', () => {
  it('a launch whose register is still queued behind others is not taken for ended', async () => {
    const spec = { ...interactiveAgentSpec(), id: AGENT };
    const { runtime, handle } = unwrap(
      Runtime.create(registry(spec), { config: { maxCommandsPerTick: 1 } }),
    );
    runtimes.push(runtime);
    // Three registers and three starts, one command per tick: the second and third sessions see
    // publications before their own register is reduced.
    const sessions = await Promise.all([1, 2, 3].map(() => runtime.launchAgent(AGENT)));
    for (const session of sessions) {
      trackProcess(session.processId ?? 0, `agent ${session.instanceId}`, { group: true });
      expect(session.status.kind).toBe('running');
    }
    for (const session of sessions) await session.dispose();
    expect(handle.snapshot().sessions).toEqual([]);
  });
});
