// Command line and start environment of one process (Linux /proc; elsewhere `null`).
import { readFileSync } from 'node:fs';
import { hasProcFs } from './read-process-table.js';

function readNulSeparated(pid: number, file: 'cmdline' | 'environ'): string[] | null {
  if (!hasProcFs() || !Number.isSafeInteger(pid) || pid <= 0) return null;
  try {
    const parts = readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0');
    if (parts[parts.length - 1] === '') parts.pop();
    return parts;
  } catch {
    return null;
  }
}

/** The argv of `pid`, or `null` when it is gone, not readable or the host has no `/proc`. */
export function readProcessCommandLine(pid: number): string[] | null {
  return readNulSeparated(pid, 'cmdline');
}

/**
 * The environment `pid` was started with, as `KEY=value` strings, or `null` when it is gone,
 * belongs to another user, or the host has no `/proc`.
 */
export function readProcessEnvironment(pid: number): string[] | null {
  return readNulSeparated(pid, 'environ');
}

/**
 * Whether `pid` was started with `key=value` in its environment: `true`/`false`, or `null` when
 * that cannot be known (gone, unreadable, no `/proc`).
 */
export function processHasEnvironmentEntry(
  pid: number,
  key: string,
  value: string,
): boolean | null {
  const environment = readProcessEnvironment(pid);
  return environment === null ? null : environment.includes(`${key}=${value}`);
}
