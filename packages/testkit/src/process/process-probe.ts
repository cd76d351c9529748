// Read-only probes of other processes: alive (and not a zombie), command line, environment.
// Linux reads /proc; other POSIX systems fall back to `ps`; Windows only has `process.kill(pid, 0)`.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const HAS_PROC = process.platform === 'linux';

/** Whether `pid` names a running process (a zombie counts as gone: it can no longer run). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (!HAS_PROC) return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** The command line of `pid` joined with spaces, or `null` when it cannot be read. */
export function processCommandLine(pid: number): string | null {
  if (HAS_PROC) {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      return null;
    }
  }
  const found = listProcesses().find((entry) => entry.pid === pid);
  return found?.command ?? null;
}

/** Whether the environment `pid` started with contains `KEY=value` (Linux only; else `null`). */
export function processHasEnv(pid: number, key: string, value: string): boolean | null {
  if (!HAS_PROC) return null;
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`${key}=${value}`);
  } catch {
    return false;
  }
}

/** Every visible process with its command line. */
export function listProcesses(): { pid: number; command: string }[] {
  if (HAS_PROC) {
    const entries: { pid: number; command: string }[] = [];
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const pid = Number(name);
      const command = processCommandLine(pid);
      if (command !== null && command !== '') entries.push({ pid, command });
    }
    return entries;
  }
  if (process.platform === 'win32') return [];
  const output = execFileSync('ps', ['-ax', '-o', 'pid=,command='], { encoding: 'utf8' });
  return output
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ pid: Number(match[1]), command: match[2] ?? '' }));
}
