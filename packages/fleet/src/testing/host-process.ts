// The parent's side of a fleet host run as its own Node process: spawn a host script, wait for its
// `ready` line, read its other lines, and end it with `stop` on its stdin or a signal. The child's
// side is `serveFleetHostProcess` (fleet-host-process.ts), so both ends speak the same lines.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** The line a host process prints once its `FleetHost` is registered. */
export const HOST_READY_LINE = 'ready';
/** The line a host process reads on stdin to shut down cleanly. */
export const HOST_STOP_LINE = 'stop';

const STDERR_TAIL_CHARS = 4_000;

/** The signals {@link HostProcess.kill} sends. */
export type HostProcessSignal = 'SIGTERM' | 'SIGKILL' | 'SIGINT' | 'SIGHUP';

/** Options of {@link startHostProcess}. */
export interface HostProcessOptions {
  /** The host script (an ES module run by this Node), usually one that calls `serveFleetHostProcess`. */
  readonly script: string;
  /** Its arguments. */
  readonly args?: readonly string[];
  /** A name for messages (the host id). */
  readonly hostId: string;
  /** Receives every stdout line other than `ready` (lines printed before `ready` included). */
  readonly onLine?: (line: string) => void;
  /** Copies the host's stderr to this process's stderr as it comes. Default false. */
  readonly echoStderr?: boolean;
  /** How long to wait for `ready` before the process is killed and the start rejects. Default 60 s. */
  readonly readyTimeoutMs?: number;
}

/** A running host process. */
export interface HostProcess {
  readonly hostId: string;
  /** Its process (the pid, for leak checks). */
  readonly child: { readonly pid: number | undefined };
  /** Resolves once the process has exited. */
  readonly exited: Promise<void>;
  /** The last few thousand characters it wrote to stderr. */
  stderr(): string;
  /** Writes `stop` to its stdin and waits for the process to end. */
  stop(): Promise<void>;
  /** Sends `signal` (unless it already ended) and waits for the process to end. */
  kill(signal: HostProcessSignal): Promise<void>;
}

/**
 * Runs `options.script` in a new Node process (inheriting this one's environment) and resolves
 * once it prints `ready`. Rejects, naming the host and quoting its stderr, when it exits first
 * or does not get ready within `readyTimeoutMs` (then it is killed).
 */
export async function startHostProcess(options: HostProcessOptions): Promise<HostProcess> {
  const { hostId } = options;
  const child = spawn(process.execPath, [options.script, ...(options.args ?? [])], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL_CHARS);
    if (options.echoStderr === true) process.stderr.write(chunk);
  });
  child.stdin?.on('error', () => {});
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const timeoutMs = options.readyTimeoutMs ?? 60_000;
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `host ${hostId} did not print "${HOST_READY_LINE}" within ${timeoutMs} ms and was killed; check that nats-server runs and read its stderr: ${stderr}`,
        ),
      );
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(
          `host ${hostId} exited (${code ?? signal}) before it printed "${HOST_READY_LINE}"; read its stderr: ${stderr}`,
        ),
      );
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === HOST_READY_LINE) {
        clearTimeout(timer);
        resolve();
      } else {
        options.onLine?.(line);
      }
    });
  });
  await ready;
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    hostId,
    child: { pid: child.pid },
    exited,
    stderr: () => stderr,
    stop: async () => {
      if (running()) child.stdin?.write(`${HOST_STOP_LINE}\n`);
      await exited;
    },
    kill: async (signal) => {
      if (running()) child.kill(signal);
      await exited;
    },
  };
}
