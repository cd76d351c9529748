// Runs one program of a downstream project under a kill domain, so a process it leaves behind is
// found (even after setsid), reported and ended.
import { spawn } from 'node:child_process';
import { KillDomain, type ProcessIdentity } from '@gate4agent/process';

/** How a program ended and what it left. */
export interface NodeRun {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** True when it did not end within the timeout and was killed. */
  readonly timedOut: boolean;
  /** The processes of its domain still alive after it exited (ended since). */
  readonly leaked: readonly ProcessIdentity[];
}

/** Options of {@link runNode}. */
export interface RunNodeOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** The node binary; `node` from the env's PATH when absent. */
  readonly node?: string;
  readonly args?: readonly string[];
  readonly timeoutMs: number;
}

/** Runs `node <file>` and waits for it to end (or kills it after the timeout). */
export async function runNode(file: string, options: RunNodeOptions): Promise<NodeRun> {
  const domain = KillDomain.create();
  const child = spawn(options.node ?? 'node', [file, ...(options.args ?? [])], {
    cwd: options.cwd,
    env: { ...options.env, ...domain.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, options.timeoutMs);
  const [status, signal] = await new Promise<[number | null, NodeJS.Signals | null]>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, sig) => resolve([code, sig]));
    },
  ).finally(() => clearTimeout(timer));
  const leaked = domain.members();
  if (leaked.length > 0) await domain.terminate({ graceMs: 1_000 });
  return { status, signal, stdout, stderr, timedOut, leaked };
}
