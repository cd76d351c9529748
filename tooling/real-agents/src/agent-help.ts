import { execFile } from 'node:child_process';
import type { AgentSandbox } from './agent-sandbox.js';
import type { InstalledAgent } from './install-agent.js';

/** How long `<cli> --help` may take offline, in ms. */
export const HELP_TIMEOUT_MS = 60_000;

/** What `<cli> --help` prints (stdout, then stderr), run offline in `sandbox` with only PATH and HOME. */
export function agentHelp(installed: InstalledAgent, sandbox: AgentSandbox): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      installed.binPath,
      ['--help'],
      {
        cwd: sandbox.cwd,
        env: { PATH: process.env.PATH ?? '', HOME: sandbox.home },
        timeout: HELP_TIMEOUT_MS,
      },
      (error, stdout, stderr) => {
        if (error === null) resolve(`${stdout}\n${stderr}`);
        else
          reject(
            new Error(
              `${installed.agent.bin} --help failed (${error.message}); it printed:\n${stdout}${stderr}`,
            ),
          );
      },
    );
  });
}
