// Each pinned CLI installs from the npm registry into the cache outside the repository (reused
// when present), at exactly its pinned version. A failed install fails with npm's output.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAgentSandbox, createRunRoot } from '../src/agent-sandbox.js';
import {
  AgentInstallError,
  installAgent,
  installDirectory,
  realAgentsCacheRoot,
} from '../src/install-agent.js';
import { REAL_AGENTS } from '../src/real-agents.js';
import { killSandboxProcesses } from '../src/sandbox-processes.js';

const runRoot = createRunRoot();
afterAll(() => {
  const leaked = killSandboxProcesses(runRoot);
  rmSync(runRoot, { recursive: true, force: true });
  expect(leaked).toEqual([]);
});

describe('the install cache', () => {
  it('lies outside the repository, under XDG_CACHE_HOME or ~/.cache', () => {
    expect(realAgentsCacheRoot({ XDG_CACHE_HOME: '/c', HOME: '/h' })).toBe(
      '/c/gate4agent/real-agents',
    );
    expect(realAgentsCacheRoot({ HOME: '/h' })).toBe('/h/.cache/gate4agent/real-agents');
    // GATE4AGENT_CACHE_DIR moves every test tool's cache, this one included.
    expect(
      realAgentsCacheRoot({ GATE4AGENT_CACHE_DIR: '/g', XDG_CACHE_HOME: '/c', HOME: '/h' }),
    ).toBe('/g/real-agents');
    for (const agent of REAL_AGENTS) {
      expect(installDirectory(agent, '/c')).toBe(
        `/c/${agent.packageName.replace('/', '+')}@${agent.version}`,
      );
      expect(installDirectory(agent).startsWith(process.cwd())).toBe(false);
    }
  });

  it("fails an install that npm cannot do, with npm's own output", async () => {
    const missing = { ...REAL_AGENTS[0]!, version: '0.0.0-gate4agent-missing' };
    const failed = installAgent(missing, createAgentSandbox(runRoot, 'bad-install').root);
    await expect(failed).rejects.toBeInstanceOf(AgentInstallError);
    await expect(failed).rejects.toThrow(
      /npm could not install @anthropic-ai\/claude-code@0\.0\.0-gate4agent-missing[\s\S]*(ETARGET|No matching version)/,
    );
  });
});

for (const agent of REAL_AGENTS) {
  it(`${agent.packageName}@${agent.version} installs at its pinned version`, async () => {
    const installed = await installAgent(agent);
    const directory = installDirectory(agent);
    expect(installed.binPath).toBe(join(directory, 'node_modules', '.bin', agent.bin));
    const manifest = join(directory, 'node_modules', agent.packageName, 'package.json');
    expect(JSON.parse(readFileSync(manifest, 'utf8')).version).toBe(agent.version);
  });
}
