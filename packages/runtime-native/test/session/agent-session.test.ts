// The high-level agent session end to end: the testkit's interactive fixture agent in a real PTY,
// driven through NativeRuntime.launchAgent only (no tick, no wake, no command ids, no poll loop).
import {
  CONTROL_FIXTURE_ID,
  exitingAgentSpec,
  FIXTURE_TIMEOUT,
  interactiveAgentSpec,
  trackProcess,
  useFixtureTracking,
} from '@gate4agent/testkit';
import type { TerminalFrame } from '@gate4agent/types';
import { AgentId, Gate4AgentError, unwrap } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NativeRuntime } from '../../src/runtime/native-runtime.js';
import type { AgentSession } from '../../src/session/agent-session.js';
import { registry } from '../runtime/support/fixtures.js';

useFixtureTracking({ beforeEach, afterEach });

const runtimes: NativeRuntime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.dispose();
});

const fixtureAgent = () => AgentId.of(CONTROL_FIXTURE_ID);
const wait = { timeoutMs: FIXTURE_TIMEOUT };

function runtimeFor(spec = interactiveAgentSpec()): NativeRuntime {
  const { runtime } = unwrap(NativeRuntime.create(registry(spec)));
  runtimes.push(runtime);
  return runtime;
}

function tracked(session: AgentSession): AgentSession {
  if (session.processId !== null) {
    trackProcess(session.processId, `agent ${session.instanceId}`, { group: true });
  }
  return session;
}

describe('NativeRuntime.launchAgent', () => {
  it('waits for the prompt, echoes a submitted line, resizes, stops, and disposes', async () => {
    const runtime = runtimeFor();
    let exitScreen = '';
    {
      await using session = tracked(
        await runtime.launchAgent(fixtureAgent(), { terminalSize: { rows: 12, columns: 60 } }),
      );
      expect(session.status.kind).toBe('running');
      expect(session.processId).toBeGreaterThan(0);
      expect(session.operatorGate).toBeNull();

      await session.waitFor('fixture-ready>', wait);
      expect(session.screen).toContain('fixture-ready>');
      expect(session.frame?.size).toEqual({ rows: 12, columns: 60 });

      await session.submit('hello from the session');
      const echoed = await session.waitFor(/fixture-echo:hello from the session/, wait);
      expect(echoed).toContain('fixture-echo:hello from the session');

      await session.resize({ rows: 20, columns: 70 });
      expect(session.snapshot?.terminalSize).toEqual({ rows: 20, columns: 70 });
      await session.waitFor((_, frame) => frame.size.rows === 20, wait);

      const exit = await session.stop({ graceMs: 2_000 });
      expect(exit.status.kind).toBe('exited');
      expect(await session.exited).toBe(exit);
      expect(exit.screen).toContain('fixture-echo:hello from the session');
      expect(exit.lastLines.length).toBeGreaterThan(0);
      exitScreen = exit.screen;
    }
    expect(exitScreen).toContain('fixture-ready>');
    // Disposal removed the session from the control plane.
    expect(runtime.activeNativeSessions()).toBe(0);
  });

  it('iterates frames as they are published and ends the iteration when the agent stops', async () => {
    const runtime = runtimeFor();
    const session = tracked(await runtime.launchAgent(fixtureAgent()));
    const seen: TerminalFrame[] = [];
    const loop = (async () => {
      for await (const frame of session.frames()) seen.push(frame);
    })();
    await session.waitFor('fixture-ready>', wait);
    await session.submit('frames');
    await session.waitFor('fixture-echo:frames', wait);
    await session.stop({ graceMs: 2_000 });
    await loop;
    expect(seen.some((frame) => frame.contents.includes('fixture-echo:frames'))).toBe(true);
    const sequences = seen.map((frame) => frame.sequence);
    expect([...sequences].sort((a, b) => a - b)).toEqual(sequences);
    await session.dispose();
  });

  it('rejects waitFor with the abort reason, and with a TimeoutError naming what it waited for', async () => {
    const runtime = runtimeFor();
    await using session = tracked(await runtime.launchAgent(fixtureAgent()));
    const controller = new AbortController();
    const aborted = session.waitFor('never on screen', { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    const already = new AbortController();
    already.abort(new Error('given up'));
    await expect(session.waitFor('x', { signal: already.signal })).rejects.toThrow('given up');
    const timedOut = await session
      .waitFor('never on screen', { timeoutMs: 50 })
      .catch((error: unknown) => error);
    expect(timedOut).toMatchObject({ name: 'TimeoutError' });
    expect((timedOut as Error).message).toContain('"never on screen"');
  });

  it('rejects a wait with agent-exited and the last screen lines when the agent exits first', async () => {
    const runtime = runtimeFor(exitingAgentSpec());
    const launched = await runtime
      .launchAgent(fixtureAgent())
      .then(tracked)
      .catch((error: unknown) => error);
    if (launched instanceof Gate4AgentError) {
      // The fixture may exit before its process is seen running: then the launch itself says so.
      expect(launched.kind).toBe('agent-exited');
      return;
    }
    const session = launched as AgentSession;
    const error = await session.waitFor('never on screen', wait).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Gate4AgentError);
    expect((error as Gate4AgentError).kind).toBe('agent-exited');
    const exit = await session.exited;
    expect(exit.status).toEqual({ kind: 'exited', exitCode: 7 });
    await session.dispose();
  });

  it('refuses an unknown agent with the engine message', async () => {
    const runtime = runtimeFor();
    const error = await runtime
      .launchAgent(AgentId.of('not-installed'))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Gate4AgentError);
    expect((error as Gate4AgentError).kind).toBe('command-rejected');
    expect((error as Gate4AgentError).message).toContain('not-installed');
  });

  it('refuses a start the engine rejects, and cleans up the registered session', async () => {
    const runtime = runtimeFor();
    const error = await runtime
      .launchAgent(fixtureAgent(), { terminalSize: { rows: 0, columns: 80 } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Gate4AgentError);
    expect((error as Gate4AgentError).kind).toBe('command-rejected');
    expect((error as Gate4AgentError).message).toContain('start');
    await runtime.waitUntil(() => runtime.activeNativeSessions() === 0);
    const again = tracked(await runtime.launchAgent(fixtureAgent()));
    expect(again.instanceId).not.toBe(1);
    await again.dispose();
  });

  it('ends its waits and its exit when the runtime is disposed under it', async () => {
    const runtime = runtimeFor();
    const session = tracked(await runtime.launchAgent(fixtureAgent()));
    const waiting = session.waitFor('never on screen').catch((error: unknown) => error);
    await runtime.dispose();
    expect(await waiting).toMatchObject({ kind: 'agent-exited' });
    const exit = await session.exited;
    expect(exit.status).toEqual({
      kind: 'failed',
      message: 'the runtime was disposed while the agent ran',
    });
    await session.dispose();
  });

  it('rejects with the signal reason when the launch is aborted first', async () => {
    const runtime = runtimeFor();
    const controller = new AbortController();
    controller.abort();
    await expect(
      runtime.launchAgent(fixtureAgent(), { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(runtime.activeNativeSessions()).toBe(0);
  });
});
