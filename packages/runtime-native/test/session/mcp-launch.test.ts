// An MCP launch overlay lives as long as the instance: a restart through the control handle gets
// the same configuration, and the attachment ends when the instance is removed (by the session's
// dispose or a `remove` through the handle) or the runtime is disposed.
import { existsSync, readFileSync } from 'node:fs';
import type { Gate4AgentHandle } from '@gate4agent/handle';
import {
  FIXTURE_TIMEOUT,
  interactiveAgentSpec,
  isProcessAlive,
  trackProcess,
  useFixtureTracking,
} from '@gate4agent/testkit';
import type { SessionSnapshot } from '@gate4agent/types';
import { AgentId, CommandId, ProviderRuntimePolicy, unwrap } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NativeRuntime } from '../../src/runtime/native-runtime.js';
import type { AgentSession } from '../../src/session/agent-session.js';
import { registry, startRequest } from '../runtime/support/fixtures.js';
import { RecordingAttacher } from '../runtime/support/recording-attacher.js';

useFixtureTracking({ beforeEach, afterEach });

const runtimes: NativeRuntime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.dispose();
});

/** The fixture agent under opencode's id: an MCP launch names its config in `OPENCODE_CONFIG`. */
const AGENT = AgentId.of('opencode');
/** Far above the command ids `AgentSession` hands out. */
const COMMAND_BASE = 3_000_000;

/** The agent's environment as its process sees it (Linux /proc). */
function configOf(pid: number): string | undefined {
  const raw = readFileSync(`/proc/${pid}/environ`, 'utf8');
  const entry = raw.split('\0').find((line) => line.startsWith('OPENCODE_CONFIG='));
  return entry?.slice('OPENCODE_CONFIG='.length);
}

interface Launched {
  readonly runtime: NativeRuntime;
  readonly handle: Gate4AgentHandle;
  readonly attacher: RecordingAttacher;
  readonly agent: AgentSession;
  readonly config: string;
}

async function launched(): Promise<Launched> {
  const attacher = new RecordingAttacher();
  const spec = { ...interactiveAgentSpec(), id: AGENT };
  const { runtime, handle } = unwrap(NativeRuntime.create(registry(spec), { mcp: attacher }));
  runtimes.push(runtime);
  const agent = await runtime.launchAgent(AGENT, { mcp: true });
  const pid = agent.processId ?? 0;
  trackProcess(pid, 'fixture agent as opencode', { group: true });
  // Its prompt shows once the PTY child has exec'd the agent (before, /proc shows the fork's).
  await agent.waitFor('fixture-ready>', { timeoutMs: FIXTURE_TIMEOUT });
  const config = configOf(pid) ?? '';
  expect(config.startsWith(attacher.requests[0]?.configDir ?? '/nowhere')).toBe(true);
  return { runtime, handle, attacher, agent, config };
}

function rowOf(h: Launched): SessionSnapshot | null {
  return h.handle.snapshot().sessions.find((row) => row.instanceId === h.agent.instanceId) ?? null;
}

/** Stops the session's run, then starts the instance again through the control handle. */
async function restartThroughHandle(h: Launched): Promise<SessionSnapshot> {
  await h.agent.stop({ graceMs: 2_000 });
  unwrap(
    h.handle.dispatch({
      id: CommandId.of(COMMAND_BASE + 1),
      command: {
        kind: 'start',
        instanceId: h.agent.instanceId,
        runtimePolicy: ProviderRuntimePolicy.rawPty(),
        request: startRequest({ rows: 24, columns: 80 }),
      },
    }),
  );
  const row = await h.runtime.waitUntil(() => {
    const current = rowOf(h);
    if (current?.status.kind === 'failed') throw new Error(current.status.message);
    const ready = current?.terminalFrame?.contents.includes('fixture-ready>') ?? false;
    return current?.status.kind === 'running' && current.processId !== null && ready
      ? current
      : null;
  });
  trackProcess(row.processId ?? 0, 'restarted fixture agent', { group: true });
  return row;
}

describe('an MCP launch overlay lives as long as the instance', () => {
  it('a restart through the control handle starts with the same MCP configuration', async () => {
    const h = await launched();
    const restarted = await restartThroughHandle(h);
    const pid = restarted.processId ?? 0;
    expect(configOf(pid)).toBe(h.config);
    expect(existsSync(h.config)).toBe(true);
    expect(h.attacher.requests).toHaveLength(1);
    expect(h.attacher.disposed).toBe(0);

    // dispose() ends the later run, removes the instance and, before it resolves, the attachment.
    await h.agent.dispose();
    expect(rowOf(h)).toBeNull();
    expect(isProcessAlive(pid)).toBe(false);
    expect(h.attacher.disposed).toBe(1);
    expect(existsSync(h.attacher.requests[0]?.configDir ?? '')).toBe(false);
  });

  it('ends with a remove through the control handle, not with the run', async () => {
    const h = await launched();
    await h.agent.stop({ graceMs: 2_000 });
    expect(h.attacher.disposed).toBe(0);
    unwrap(
      h.handle.dispatch({
        id: CommandId.of(COMMAND_BASE + 2),
        command: { kind: 'remove', instanceId: h.agent.instanceId },
      }),
    );
    // The removal's publication ends the attachment; the session's dispose awaits the rest.
    await h.attacher.detached;
    await h.agent.dispose();
    expect(h.attacher.disposed).toBe(1);
    expect(existsSync(h.attacher.requests[0]?.configDir ?? '')).toBe(false);
  });

  it('ends with the runtime when the instance is never removed', async () => {
    const h = await launched();
    await h.agent.stop({ graceMs: 2_000 });
    await h.runtime.dispose();
    expect(h.attacher.disposed).toBe(1);
    expect(existsSync(h.attacher.requests[0]?.configDir ?? '')).toBe(false);
  });
});
