// While a CLI's offline dialog shows, the session snapshot names it, a prompt is refused with
// `operator-action-required`, and the CLI's files under the fresh HOME and the cwd do not change.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { driveUntil } from '@gate4agent/testkit';
import { ProviderRuntimePolicy, unwrap } from '@gate4agent/types';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createAgentSandbox, createRunRoot, hashFile, hashTree } from '../src/agent-sandbox.js';
import { AgentSession } from '../src/agent-session.js';
import { installAgent } from '../src/install-agent.js';
import { REAL_AGENTS } from '../src/real-agents.js';
import { killSandboxProcesses, sandboxProcesses } from '../src/sandbox-processes.js';

const runRoot = createRunRoot();
const sessions: AgentSession[] = [];

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.dispose();
  expect(killSandboxProcesses(runRoot), 'processes outlived their session').toEqual([]);
});
afterAll(() => rmSync(runRoot, { recursive: true, force: true }));

const policy = () =>
  unwrap(
    ProviderRuntimePolicy.tryNew({
      rawPtyLifecycle: true,
      semanticReadiness: true,
      structuredPrompt: true,
      providerSessionIdentity: false,
      semanticResume: false,
    }),
  );

/**
 * Where each CLI records what its dialogs decide: codex's `trust_level` and login, gemini's
 * trusted folders (TRUST_FOLDER) and auth choice, qwen's auth provider. A prompt typed into a dialog
 * would change one of these; each must keep its bytes (or stay absent). The CLIs also write scratch
 * and activity files on their own timers (plugin staging, chat logs, UI counters), which say
 * nothing about a dialog and are not compared.
 */
const DIALOG_RECORDS = [
  '.codex/config.toml',
  '.codex/auth.json',
  '.gemini/settings.json',
  '.gemini/trustedFolders.json',
  '.qwen/settings.json',
] as const;

function dialogRecords(home: string): Record<string, string> {
  return Object.fromEntries(
    DIALOG_RECORDS.map((file) => {
      const path = join(home, file);
      return [file, existsSync(path) ? hashFile(path) : 'absent'];
    }),
  );
}

/** How long a refused prompt is given to change anything on disk before the trees are compared. */
const SETTLE_MS = 2_000;

const gated = REAL_AGENTS.filter(
  (agent) => agent.offlineGate !== null && agent.agentId !== 'qwen-code',
);

for (const agent of gated) {
  describe(`${agent.agentId} ${agent.version} at its ${agent.offlineGate} dialog`, () => {
    it('names the gate, refuses a prompt and changes no file', async () => {
      const installed = await installAgent(agent);
      const sandbox = createAgentSandbox(runRoot, `${agent.agentId}-gate`);
      const session = await AgentSession.start(installed, sandbox, { policy: policy() });
      sessions.push(session);
      await session.waitForScreen(agent.offlineScreen, agent.startupTimeoutMs);
      await driveUntil(() => session.snapshot()?.operatorGate != null, {
        timeoutMs: 30_000,
        message: `no operatorGate on the snapshot; the screen shows:\n${session.screen()}`,
      });
      expect(session.snapshot()?.operatorGate).toMatchObject({
        kind: agent.offlineGate,
        agentId: agent.agentId,
      });
      const home = dialogRecords(sandbox.home);
      const cwd = hashTree(sandbox.cwd);
      session.dispatch({
        kind: 'send-input',
        instanceId: session.instanceId,
        action: { kind: 'submit-prompt', text: 'create hello.txt', framing: 'bracketed-paste' },
      });
      await driveUntil(() => session.rejections().length > 0, {
        message: 'the prompt was not refused',
      });
      // operatorActionRequiredMessage of @gate4agent/types (kind operator-action-required).
      expect(session.rejections()[0]).toMatch(/is showing.*; input was not typed into it/);
      await delay(SETTLE_MS);
      expect(session.snapshot()?.operatorGate?.kind).toBe(agent.offlineGate);
      expect(dialogRecords(sandbox.home)).toEqual(home);
      expect(hashTree(sandbox.cwd)).toEqual(cwd);
      await session.stop();
      expect(sandboxProcesses(sandbox.root)).toEqual([]);
    });
  });
}
