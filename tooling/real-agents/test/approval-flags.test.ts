// Each pinned CLI prints its usage offline, and every approval flag and value the registry emits
// for it is one its own `--help` documents.
import { rmSync } from 'node:fs';
import { BUILTIN_APPROVAL_MAPPINGS, planLaunch } from '@gate4agent/agent-catalog';
import { currentRuntimePlatform } from '@gate4agent/runtime-native';
import { APPROVAL_LEVELS, unwrap } from '@gate4agent/types';
import { afterAll, describe, expect, it } from 'vitest';
import { agentHelp } from '../src/agent-help.js';
import { createAgentSandbox, createRunRoot } from '../src/agent-sandbox.js';
import { installedSpec } from '../src/agent-session.js';
import { installAgent } from '../src/install-agent.js';
import { REAL_AGENTS } from '../src/real-agents.js';
import { killSandboxProcesses } from '../src/sandbox-processes.js';

const runRoot = createRunRoot();
afterAll(() => {
  const leaked = killSandboxProcesses(runRoot);
  rmSync(runRoot, { recursive: true, force: true });
  expect(leaked).toEqual([]);
});

// The five `--help` runs are independent and mostly start-up time: run them at once, and let
// each test await its own (a failed install or help run fails that agent's test only).
const helps = new Map(
  REAL_AGENTS.map((agent) => {
    const help = (async () => {
      const cli = await installAgent(agent);
      return {
        cli,
        text: await agentHelp(cli, createAgentSandbox(runRoot, `${agent.agentId}-help`)),
      };
    })();
    help.catch(() => undefined);
    return [agent.agentId, help] as const;
  }),
);

for (const agent of REAL_AGENTS) {
  describe(`${agent.packageName}@${agent.version}`, () => {
    it('documents in --help every approval flag the registry emits', async () => {
      const { cli, text: help } = await helps.get(agent.agentId)!;
      expect(help).toMatch(/usage/i);
      expect(help).not.toContain(agent.offlineScreen);
      const spec = installedSpec(cli);
      const mappings = BUILTIN_APPROVAL_MAPPINGS[agent.agentId] ?? {};
      const levels = APPROVAL_LEVELS.filter((level) => mappings[level] !== undefined);
      expect(levels.length).toBeGreaterThan(0);
      for (const approvalLevel of levels) {
        const plan = unwrap(
          planLaunch(spec, { workingDir: '/', platform: currentRuntimePlatform(), approvalLevel }),
        );
        const emitted = plan.args.slice(spec.launch.fixedArgs.length);
        // OpenCode takes its permissions from the environment (OPENCODE_PERMISSION), not argv.
        if (agent.agentId === 'opencode') {
          expect(emitted).toEqual([]);
          expect(plan.env.map((mutation) => mutation.key)).toEqual(['OPENCODE_PERMISSION']);
          continue;
        }
        expect(emitted.length).toBeGreaterThan(0);
        for (const token of emitted) {
          const name = token.startsWith('--') ? token.split('=')[0]! : token;
          expect(
            help,
            `${agent.bin} --help does not mention ${name} (level ${approvalLevel})`,
          ).toContain(name);
        }
      }
    });
  });
}
