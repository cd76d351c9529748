// Runs one part of one scenario once in a fresh Node process and returns its measurements.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { KillDomain, type KillDomainReport } from '@gate4agent/process';
import type { ChildReport } from './child.js';
import type { Measurements, RunSize } from './scenario.js';

const CHILD = fileURLToPath(new URL('./child.js', import.meta.url));
const TAIL_CHARS = 2_000;
/** How long, in ms, an overrunning part's processes get after SIGTERM before SIGKILL. */
export const PART_STOP_GRACE = 2_000;

/** One part's run: its measurements, or why it failed. */
export type PartResult =
  | { readonly ok: true; readonly measurements: Measurements }
  | { readonly ok: false; readonly message: string };

/**
 * Forks `child.js` for `file`/`part` at `size` in its own process group (`--expose-gc`, so a
 * scenario can settle the heap before it reads it) and waits for its report. The child and every
 * process it starts form one kill domain (the child carries its marker; its descendants are found
 * by parentage, PTY agents in their own sessions included). A child that takes longer than
 * `timeoutMs` is reported as failed and its whole domain is ended: SIGTERM (so the part's
 * runtimes run their host-exit kills), then SIGKILL after {@link PART_STOP_GRACE} to what is
 * left. Whatever the child leaves behind when it exits goes the same way; a process that cannot
 * be killed fails the run.
 */
export function runChild(
  file: string,
  part: string,
  size: RunSize,
  timeoutMs: number,
): Promise<PartResult> {
  return new Promise((resolve) => {
    const domain = KillDomain.create();
    const child = fork(CHILD, [file, part, size], {
      execArgv: ['--expose-gc'],
      env: { ...process.env, ...domain.env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    });
    if (child.pid !== undefined) domain.adopt(child.pid);
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-TAIL_CHARS);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    let report: ChildReport | null = null;
    child.on('message', (message) => {
      report = message as ChildReport;
    });
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
    };
    // Started at most once: on an overrun, while the part's process tree is still whole.
    let ending: Promise<KillDomainReport> | null = null;
    const endDomain = () => {
      ending ??= domain.terminate({ graceMs: PART_STOP_GRACE });
      return ending;
    };
    const timer = setTimeout(() => {
      report = {
        ok: false,
        message: `${part} did not finish within ${timeoutMs} ms and was killed with every process it started`,
      };
      void endDomain();
    }, timeoutMs);
    child.on('error', (error) => {
      report ??= { ok: false, message: `could not start the child process: ${error.message}` };
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      // Anything the scenario left in its process group or its domain goes with it.
      killGroup();
      void endDomain().then((ended) => {
        const final: ChildReport = report ?? {
          ok: false,
          message: `the child exited (${signal ?? `code ${code}`}) without a report; its output ended with:\n${output.trim()}`,
        };
        const survivors = ended.survivors.map((survivor) => survivor.message);
        if (final.ok && survivors.length === 0) {
          resolve(final);
          return;
        }
        const failure = final.ok
          ? `${part} left processes that could not be killed`
          : final.message;
        resolve({ ok: false, message: [failure, ...survivors, output.trim()].join('\n').trim() });
      });
    });
  });
}
