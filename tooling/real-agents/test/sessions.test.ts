// Each pinned CLI runs offline (no network but the npm registry; no login possible) in a real PTY
// under NativeRuntime, with a fresh HOME, a scratch working directory, the approval flags of the
// default level and an argument-injection attempt as its initial prompt. One session per CLI:
// the injection never reaches option parsing, the offline first screen is recognised as the
// right operator gate (or none), and a stop, or its own exit, leaves no process of its domain.
import { rmSync } from 'node:fs';
import { recogniseOperatorGate } from '@gate4agent/agent-catalog';
import { ProviderRuntimePolicy, unwrap } from '@gate4agent/types';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createAgentSandbox, createRunRoot } from '../src/agent-sandbox.js';
import { AgentSession, installedSpec } from '../src/agent-session.js';
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

// Semantic readiness and structured prompts: what an initial prompt and approval flags need.
const promptPolicy = () =>
  unwrap(
    ProviderRuntimePolicy.tryNew({
      rawPtyLifecycle: true,
      semanticReadiness: true,
      structuredPrompt: true,
      providerSessionIdentity: false,
      semanticResume: false,
    }),
  );

// What an option parser prints when it takes `--version` or `-h`.
const HELP_TEXT = /^\s*(usage:|options:)/im;

for (const agent of REAL_AGENTS) {
  describe(`${agent.agentId} ${agent.version} offline`, () => {
    it(`keeps ${JSON.stringify(agent.injection)} out of option parsing and out of its ${agent.offlineGate ?? 'non-gate'} screen, and leaves no process`, async () => {
      const installed = await installAgent(agent);
      const sandbox = createAgentSandbox(runRoot, `${agent.agentId}-session`);
      const session = await AgentSession.start(installed, sandbox, {
        policy: promptPolicy(),
        initialPrompt: agent.injection,
      });
      sessions.push(session);
      if (installedSpec(installed).prompt.initial.kind === 'after-ready') {
        // The prompt would be typed once the agent is ready; its gate shows first, so the start
        // is refused (nothing typed into the dialog) and the domain ends with it.
        await session.waitEnded();
        expect(session.snapshot()?.status).toEqual({
          kind: 'failed',
          message: expect.stringMatching(
            new RegExp(
              `^agent '${agent.agentId}' requires operator action at startup \\(${agent.agentId} ${agent.offlineGate ?? '.+'} dialog: ".+"\\); initial prompt was not submitted\\. .*answer the dialog with operator keys`,
            ),
          ),
        });
        expect(sandboxProcesses(sandbox.root)).toEqual([]);
        return;
      }
      const screen = await session.waitForScreen(agent.offlineScreen, agent.startupTimeoutMs);
      expect(screen).toContain(agent.offlineScreen);
      const lines = screen.split('\n').map((line) => line.trim());
      expect(lines).not.toContain(agent.versionText);
      expect(screen).not.toContain(`${agent.versionText}\n`);
      expect(screen).not.toMatch(HELP_TEXT);
      if (agent.agentId === 'claude') expect(screen).not.toMatch(/accept edits on/i);
      expect(recogniseOperatorGate(agent.agentId, screen)?.kind ?? null).toBe(agent.offlineGate);
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
