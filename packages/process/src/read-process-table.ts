// The one reader of the process table (Linux /proc). Elsewhere every read answers
// `{ kind: 'unsupported' }`: callers decide what a missing table means, nothing throws.
import { readdirSync, readFileSync } from 'node:fs';
import { type ProcessEntry, parseProcStat } from './process-entry.js';

/** Why the process table cannot be read here. */
export interface ProcessTableUnsupported {
  readonly kind: 'unsupported';
  /** Plain-English reason, with the platform. */
  readonly message: string;
}

/** The result of {@link readProcessTable}. */
export type ProcessTableRead =
  | { readonly kind: 'table'; readonly entries: readonly ProcessEntry[] }
  | ProcessTableUnsupported;

/** The result of {@link readProcess}. */
export type ProcessRead =
  | { readonly kind: 'process'; readonly entry: ProcessEntry }
  | { readonly kind: 'gone' }
  | ProcessTableUnsupported;

let procAvailable: boolean | null = null;

/** Whether this host has a Linux-style `/proc` (checked once). */
export function hasProcFs(): boolean {
  if (procAvailable === null) {
    try {
      procAvailable =
        process.platform === 'linux' && readFileSync('/proc/self/stat', 'utf8') !== '';
    } catch {
      procAvailable = false;
    }
  }
  return procAvailable;
}

/** The factory of {@link ProcessTableUnsupported}. */
export const ProcessTableUnsupported = {
  /** `/proc` is missing on `platform` (`process.platform`). */
  noProcFs: (platform: string): ProcessTableUnsupported => ({
    kind: 'unsupported',
    message: `the process table is read from /proc, which this host (${platform}) does not have; process identities, group proofs and kill domains need Linux, so run on Linux to use them`,
  }),
} as const;

function unsupported(): ProcessTableUnsupported {
  return ProcessTableUnsupported.noProcFs(process.platform);
}

/** Reads `/proc/<pid>/stat`, or `null` when the process is gone or unreadable. */
export function readProcStat(pid: number): ProcessEntry | null {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Every process this host shows: pid, ppid, pgid, sid, terminal foreground group, state and start
 * time. A process that exits while the table is read is simply not in it.
 */
export function readProcessTable(): ProcessTableRead {
  if (!hasProcFs()) return unsupported();
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return unsupported();
  }
  const entries: ProcessEntry[] = [];
  for (const name of names) {
    const first = name.charCodeAt(0);
    if (first < 48 || first > 57) continue;
    const entry = readProcStat(Number(name));
    if (entry !== null) entries.push(entry);
  }
  return { kind: 'table', entries };
}

/** One process by pid: its row, `gone` when no such process exists, or `unsupported`. */
export function readProcess(pid: number): ProcessRead {
  if (!Number.isSafeInteger(pid) || pid <= 0) return { kind: 'gone' };
  if (!hasProcFs()) return unsupported();
  const entry = readProcStat(pid);
  return entry === null ? { kind: 'gone' } : { kind: 'process', entry };
}
