import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built app (the test task depends on the build). */
export const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** What one run of the demo printed and how it ended. */
export interface DemoRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const running = new Set<number>();

/** Runs `node dist/main.js ...args` in its own process group and collects its output. */
export function runDemo(args: readonly string[], env?: NodeJS.ProcessEnv): Promise<DemoRun> {
  const child = spawn(process.execPath, [MAIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    env: env ?? process.env,
  });
  if (child.pid !== undefined) running.add(child.pid);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (child.pid !== undefined) running.delete(child.pid);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Kills the group of every run that has not ended (a failed or timed-out test). */
export function killRunningDemos(): void {
  for (const pid of running) {
    try {
      process.kill(process.platform === 'win32' ? pid : -pid, 'SIGKILL');
    } catch {}
  }
  running.clear();
}
