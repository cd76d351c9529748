import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { RealAgent } from './real-agents.js';

/** How long one `npm install` may take, in ms. */
export const INSTALL_TIMEOUT_MS = 300_000;

// Written after a successful install; an install directory without it is redone.
const INSTALLED_MARKER = '.gate4agent-installed';

/**
 * The install cache, outside the repository: `$GATE4AGENT_CACHE_DIR/real-agents` when that is set
 * (the cache root of every test tool), else `${XDG_CACHE_HOME:-$HOME/.cache}/gate4agent/real-agents`.
 */
export function realAgentsCacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.GATE4AGENT_CACHE_DIR) return join(env.GATE4AGENT_CACHE_DIR, 'real-agents');
  const cache = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return join(cache, 'gate4agent', 'real-agents');
}

/** Where an agent's pinned release is installed (`<pkg>@<version>`, `/` of a scope as `+`). */
export function installDirectory(agent: RealAgent, cacheRoot = realAgentsCacheRoot()): string {
  return join(cacheRoot, `${agent.packageName.replace('/', '+')}@${agent.version}`);
}

/** An installed agent CLI. */
export interface InstalledAgent {
  readonly agent: RealAgent;
  /** Absolute path of its executable. */
  readonly binPath: string;
  /** Whether an earlier install in the cache was reused. */
  readonly reused: boolean;
}

/** An `npm install` that failed, with everything npm printed. */
export class AgentInstallError extends Error {
  override readonly name = 'AgentInstallError';
  constructor(
    readonly agent: RealAgent,
    readonly output: string,
    cause: unknown,
  ) {
    super(
      `npm could not install ${agent.packageName}@${agent.version}; check the registry and the npm output:\n${output}`,
      { cause },
    );
  }
}

/**
 * Installs the agent's pinned release from the npm registry into the cache (reused when already
 * there) with `npm install --prefix <dir> --no-audit --no-fund`, and returns its executable.
 * Rejects with {@link AgentInstallError} carrying npm's output when the install fails.
 */
export async function installAgent(
  agent: RealAgent,
  cacheRoot = realAgentsCacheRoot(),
): Promise<InstalledAgent> {
  const directory = installDirectory(agent, cacheRoot);
  const binPath = join(directory, 'node_modules', '.bin', agent.bin);
  if (existsSync(join(directory, INSTALLED_MARKER)) && existsSync(binPath)) {
    return { agent, binPath, reused: true };
  }
  mkdirSync(directory, { recursive: true });
  const spec = `${agent.packageName}@${agent.version}`;
  const output = await new Promise<string>((resolve, reject) => {
    execFile(
      'npm',
      ['install', '--prefix', directory, '--no-audit', '--no-fund', '--no-save', spec],
      { timeout: INSTALL_TIMEOUT_MS, maxBuffer: 16 * 1_024 * 1_024 },
      (error, stdout, stderr) => {
        const text = `${stdout}${stderr}`.trim();
        if (error === null) resolve(text);
        else reject(new AgentInstallError(agent, text || String(error), error));
      },
    );
  });
  if (!existsSync(binPath)) {
    throw new AgentInstallError(agent, `${output}\n(no ${binPath} after the install)`, null);
  }
  writeFileSync(join(directory, INSTALLED_MARKER), `${spec}\n`);
  return { agent, binPath, reused: false };
}
