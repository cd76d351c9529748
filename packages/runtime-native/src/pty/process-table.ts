import { execFile } from 'node:child_process';
import { PROCESS_TABLE_TIMEOUT } from '../constants.js';

/** One row of the process table. */
export interface ProcessEntry {
  readonly pid: number;
  readonly ppid: number;
  readonly pgid: number;
  /** `ps` state flags; `+` marks the foreground process group of its terminal. */
  readonly stat: string;
  /** Start time as `ps` prints it (`lstart`); with pid and pgid it identifies the process. */
  readonly started: string;
  /** The full command line. */
  readonly args: string;
}

/** Identity of a process that survives pid reuse checks: pid, start time and group. */
export function sameProcess(left: ProcessEntry, right: ProcessEntry): boolean {
  return left.pid === right.pid && left.started === right.started && left.pgid === right.pgid;
}

// `lstart` is always five fields ("Sun Nov 29 15:37:11 2026").
const ROW = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(\S+\s+\S+\s+\S+\s+\S+\s+\S+)\s?(.*)$/;

/** Parses `ps -axo pid=,ppid=,pgid=,stat=,lstart=,args=` output; bad rows are skipped. */
export function parseProcessTable(output: string): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const line of output.split('\n')) {
    const match = ROW.exec(line);
    if (match === null) continue;
    entries.push({
      pid: Number(match[1]),
      ppid: Number(match[2]),
      pgid: Number(match[3]),
      stat: match[4] ?? '',
      started: match[5] ?? '',
      args: match[6] ?? '',
    });
  }
  return entries;
}

/** Reads the process table, or `null` when it is unreadable (no `ps`, timeout, Windows). */
export function readProcessTable(): Promise<ProcessEntry[] | null> {
  if (process.platform === 'win32') return Promise.resolve(null);
  return new Promise((resolve) => {
    execFile(
      'ps',
      ['-axo', 'pid=,ppid=,pgid=,stat=,lstart=,args='],
      {
        timeout: PROCESS_TABLE_TIMEOUT,
        maxBuffer: 16 * 1_024 * 1_024,
        env: { LC_ALL: 'C', PATH: process.env.PATH ?? '/usr/bin:/bin' },
      },
      (error, stdout) => resolve(error === null ? parseProcessTable(stdout) : null),
    );
  });
}

/** Every descendant of `rootPid` in `table`, breadth first (the root excluded). */
export function descendantsOf(table: readonly ProcessEntry[], rootPid: number): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table) {
    const list = children.get(entry.ppid);
    if (list === undefined) children.set(entry.ppid, [entry]);
    else list.push(entry);
  }
  const found: ProcessEntry[] = [];
  const queue = [rootPid];
  const seen = new Set([rootPid]);
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    for (const child of children.get(pid) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}
