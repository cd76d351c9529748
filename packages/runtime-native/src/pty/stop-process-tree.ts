import { setTimeout as delay } from 'node:timers/promises';
import {
  KILL_DOMAIN_KILL_WAIT,
  KILL_DOMAIN_RECHECK_MAX,
  type KillDomain,
  type KillDomainSurvivor,
  signalProcessGroup,
} from '@gate4agent/process';

/** What stopping a PTY session's kill domain did (ARCHITECTURE decision 10). */
export interface ProcessTreeTermination {
  readonly rootPid: number;
  /** Every process of the domain the stop saw, root included when it still ran, by pid. */
  readonly members: readonly number[];
  /** Members that went after SIGTERM, within the grace. */
  readonly terminated: readonly number[];
  /** Members that were still there after the grace and needed SIGKILL. */
  readonly killed: readonly number[];
  /** Members still alive after SIGKILL, each with its reason and a message: reported, never ignored. */
  readonly survivors: readonly KillDomainSurvivor[];
  /** Whether anything had to be SIGKILLed: a stop that SIGTERM alone finished is clean. */
  readonly forced: boolean;
  /** Why the domain could not be seen (no `/proc`): then only the root and its group were stopped. */
  readonly degradedReason: string | null;
}

/** The hooks a domain stop needs from its PTY. */
export interface ProcessTreeRoot {
  readonly pid: number;
  /** The session's kill domain (its marker is in the root's environment; the root is adopted). */
  readonly domain: KillDomain;
  /** Signals the root through the PTY's own child handle; false when that failed. */
  signalRoot(signal: NodeJS.Signals): boolean;
  /** Whether the root has been reaped. */
  exited(): boolean;
}

const pids = (list: readonly { readonly pid: number }[]): number[] =>
  list.map((entry) => entry.pid).sort((left, right) => left - right);

// Waits until the root is reaped or `budgetMs` passed.
async function waitRoot(root: ProcessTreeRoot, budgetMs: number): Promise<void> {
  const deadline = performance.now() + budgetMs;
  while (!root.exited() && performance.now() < deadline) await delay(KILL_DOMAIN_RECHECK_MAX);
}

// Without /proc the domain cannot be found: stop what the PTY itself knows, the root and its group.
async function stopRootOnly(
  root: ProcessTreeRoot,
  graceMs: number,
  reason: string,
): Promise<ProcessTreeTermination> {
  const live = !root.exited();
  const signal = (name: NodeJS.Signals) => {
    if (process.platform !== 'win32') signalProcessGroup(root.pid, name);
    return root.signalRoot(name);
  };
  let forced = false;
  if (live) {
    signal('SIGTERM');
    await waitRoot(root, graceMs);
    if (!root.exited()) forced = signal('SIGKILL');
    await waitRoot(root, KILL_DOMAIN_KILL_WAIT);
  }
  return {
    rootPid: root.pid,
    members: live ? [root.pid] : [],
    terminated: live && !forced ? [root.pid] : [],
    killed: forced ? [root.pid] : [],
    survivors: [],
    forced,
    degradedReason: `${reason}; only the agent and its process group were stopped`,
  };
}

/**
 * Stops a PTY session's whole kill domain: SIGTERM to every member (the agent and everything it
 * started, also through `setsid` or a double fork), up to `graceMs` for them to go (the table is
 * re-read with a short backoff, no fixed sleep; members that appear meanwhile get SIGTERM too),
 * then SIGKILL to what is left, identity-checked (pid and start time). After the agent's natural
 * exit it ends the rest of the domain the same way, as systemd's `KillMode=control-group`.
 */
export async function stopProcessTree(
  root: ProcessTreeRoot,
  graceMs: number,
): Promise<ProcessTreeTermination> {
  const report = await root.domain.terminate({ graceMs });
  if (report.unsupported !== null) return stopRootOnly(root, graceMs, report.unsupported);
  // The root may be dead but not yet reaped by node-pty; a root still running is ended here.
  if (!root.exited() && report.survivors.every((survivor) => survivor.pid !== root.pid)) {
    await waitRoot(root, KILL_DOMAIN_KILL_WAIT);
    if (!root.exited()) root.signalRoot('SIGKILL');
  }
  return {
    rootPid: root.pid,
    members: pids([...report.terminated, ...report.killed, ...report.survivors]),
    terminated: pids(report.terminated),
    killed: pids(report.killed),
    survivors: report.survivors,
    forced: report.killed.length > 0,
    degradedReason: null,
  };
}
