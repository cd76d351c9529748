/**
 * A process's identity: its pid plus its start time (clock ticks after boot, Linux
 * `/proc/<pid>/stat` field 22). The kernel reuses pids, never a (pid, start time) pair, so a
 * signal sent only after the identity is re-checked never reaches a recycled pid.
 */
export interface ProcessIdentity {
  readonly pid: number;
  readonly startTime: number;
}

/** One row of the process table. */
export interface ProcessEntry extends ProcessIdentity {
  readonly ppid: number;
  /** Process group id. */
  readonly pgid: number;
  /** Session id. */
  readonly sid: number;
  /**
   * The foreground process group of the process's controlling terminal, or -1 without one
   * (`pgid === tpgid` is what `ps` marks with `+`).
   */
  readonly tpgid: number;
  /** One-letter state: `R` running, `S` sleeping, `D` disk wait, `Z` zombie, `T` stopped, … */
  readonly state: string;
  /** The kernel's short command name (`comm`, at most 15 bytes). */
  readonly comm: string;
}

/** Whether the state letter is one of a process that can no longer run (zombie or dead). */
export function isDeadState(state: string): boolean {
  return state === 'Z' || state === 'X' || state === 'x';
}

/** Whether two identities name the same process. */
export function sameProcess(left: ProcessIdentity, right: ProcessIdentity): boolean {
  return left.pid === right.pid && left.startTime === right.startTime;
}

/** The identity part of an entry (a plain `{ pid, startTime }`). */
export function identityOf(entry: ProcessIdentity): ProcessIdentity {
  return { pid: entry.pid, startTime: entry.startTime };
}

/**
 * Parses the text of a Linux `/proc/<pid>/stat` file; `null` when it is not one. The command
 * name may hold spaces and parentheses, so fields are counted from the last `)`.
 */
export function parseProcStat(text: string): ProcessEntry | null {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 1 || close < open) return null;
  const pid = Number(text.slice(0, open).trim());
  const fields = text
    .slice(close + 2)
    .trim()
    .split(' ');
  // After the command: state, ppid, pgrp, session, tty_nr, tpgid, … starttime is the 20th.
  if (fields.length < 20) return null;
  const numbers = [fields[1], fields[2], fields[3], fields[5], fields[19]].map(Number);
  if (!Number.isSafeInteger(pid) || numbers.some((value) => !Number.isSafeInteger(value))) {
    return null;
  }
  const [ppid, pgid, sid, tpgid, startTime] = numbers as [number, number, number, number, number];
  return {
    pid,
    startTime,
    ppid,
    pgid,
    sid,
    tpgid,
    state: fields[0] ?? '',
    comm: text.slice(open + 1, close),
  };
}
