// Each pinned CLI runs offline (no network but the npm registry; no login possible) in a real PTY
// under NativeRuntime, with a fresh HOME and a scratch working directory: it shows its offline
// first screen, and a stop, or its own exit, leaves no process of its domain behind.
import { rmSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createAgentSandbox, createRunRoot } from '../src/agent-sandbox.js';
import { AgentSession } from '../src/agent-session.js';
import { installAgent } from '../src/install-agent.js';
import { REAL_AGENTS } from '../src/real-agents.js';
import { killSandboxProcesses, sandboxProcesses } from '../src/sandbox-processes.js';

const runRoot = createRunRoot();
const sessions: AgentSession[] = [];

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.dispose();
  const leaked = killSandboxProcesses(runRoot);
  expect(leaked, 'processes of an agent outlived its session').toEqual([]);
});
afterAll(() => rmSync(runRoot, { recursive: true, force: true }));

for (const agent of REAL_AGENTS) {
  describe(`${agent.agentId} ${agent.version} offline`, () => {
    it(`shows "${agent.offlineScreen}" and ${agent.exitsOffline ? 'its exit' : 'a stop'} ends its whole domain`, async () => {
      const installed = await installAgent(agent);
      const sandbox = createAgentSandbox(runRoot, `${agent.agentId}-session`);
      const session = await AgentSession.start(installed, sandbox);
      sessions.push(session);
      const screen = await session.waitForScreen(agent.offlineScreen, agent.startupTimeoutMs);
      expect(screen).toContain(agent.offlineScreen);
      if (agent.exitsOffline) {
        await session.waitEnded();
      } else {
        expect(session.ended(), `${agent.agentId} exited by itself:\n${screen}`).toBe(false);
        expect(sandboxProcesses(sandbox.root).length).toBeGreaterThan(0);
        await session.stop();
        expect(session.snapshot()?.status.kind).toBe('exited');
      }
      expect(sandboxProcesses(sandbox.root)).toEqual([]);
    });
  });
}
