// Read-only probes of other processes for tests, built on @gate4agent/process (Linux /proc).
// On hosts without /proc: liveness falls back to `process.kill(pid, 0)`, the rest finds nothing.
import {
  isProcessAlive as aliveInTable,
  processHasEnvironmentEntry,
  readProcessCommandLine,
  readProcessTable,
} from '@gate4agent/process';

/** Whether `pid` names a running process (a zombie counts as gone: it can no longer run). */
export function isProcessAlive(pid: number): boolean {
  return aliveInTable(pid);
}

/** The command line of `pid` joined with spaces, or `null` when it cannot be read. */
export function processCommandLine(pid: number): string | null {
  return readProcessCommandLine(pid)?.join(' ').trim() ?? null;
}

/** Whether the environment `pid` started with contains `KEY=value` (`null`: cannot be known). */
export function processHasEnv(pid: number, key: string, value: string): boolean | null {
  return processHasEnvironmentEntry(pid, key, value);
}

/** Every visible process with its command line (empty on a host without `/proc`). */
export function listProcesses(): { pid: number; command: string }[] {
  const table = readProcessTable();
  if (table.kind !== 'table') return [];
  const entries: { pid: number; command: string }[] = [];
  for (const { pid } of table.entries) {
    const command = processCommandLine(pid);
    if (command !== null && command !== '') entries.push({ pid, command });
  }
  return entries;
}
