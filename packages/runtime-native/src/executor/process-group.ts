// Signals to, and liveness of, the process group an operation's child leads (POSIX). On Linux a
// group member that is a zombie counts as gone: it can no longer run, and in containers whose
// PID 1 does not reap, orphaned zombies would otherwise look alive forever.
import { readdirSync, readFileSync } from 'node:fs';

/** What a signal to a group did: delivered, nobody left to receive it, or refused. */
export type GroupSignalOutcome = 'signalled' | 'gone' | 'permission-denied' | 'failed';

/** Sends `signal` to every process of group `pgid`. */
export function signalProcessGroup(pgid: number, signal: NodeJS.Signals): GroupSignalOutcome {
  try {
    process.kill(-pgid, signal);
    return 'signalled';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ESRCH') return 'gone';
    if (code === 'EPERM') return 'permission-denied';
    return 'failed';
  }
}

/** Whether some process of group `pgid` can still run. */
export function processGroupHasLiveMembers(pgid: number): boolean {
  if (process.platform === 'linux') {
    const scanned = scanProc(pgid);
    if (scanned !== null) return scanned;
  }
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function scanProc(pgid: number): boolean | null {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return null;
  }
  for (const name of names) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the parenthesised command: state, ppid, pgrp, …
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    if (fields[0] !== 'Z' && fields[0] !== 'X') return true;
  }
  return false;
}
