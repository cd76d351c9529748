// Runs one part of one scenario once in a fresh Node process and returns its measurements.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildReport } from './child.js';
import type { Measurements, RunSize } from './scenario.js';

const CHILD = fileURLToPath(new URL('./child.js', import.meta.url));
const TAIL_CHARS = 2_000;

/** One part's run: its measurements, or why it failed. */
export type PartResult =
  | { readonly ok: true; readonly measurements: Measurements }
  | { readonly ok: false; readonly message: string };

/**
 * Forks `child.js` for `file`/`part` at `size` in its own process group (`--expose-gc`, so a
 * scenario can settle the heap before it reads it) and waits for its report. A child that takes
 * longer than `timeoutMs` is killed with its whole group and reported as failed.
 */
export function runChild(
  file: string,
  part: string,
  size: RunSize,
  timeoutMs: number,
): Promise<PartResult> {
  return new Promise((resolve) => {
    const child = fork(CHILD, [file, part, size], {
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    });
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
    const timer = setTimeout(() => {
      report = {
        ok: false,
        message: `${part} did not finish within ${timeoutMs} ms and was killed`,
      };
      killGroup();
    }, timeoutMs);
    child.on('error', (error) => {
      report ??= { ok: false, message: `could not start the child process: ${error.message}` };
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      // Anything the scenario left in its process group goes with it.
      killGroup();
      const final: ChildReport = report ?? {
        ok: false,
        message: `the child exited (${signal ?? `code ${code}`}) without a report; its output ended with:\n${output.trim()}`,
      };
      resolve(
        final.ok ? final : { ok: false, message: `${final.message}\n${output.trim()}`.trim() },
      );
    });
  });
}
