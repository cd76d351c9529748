// A kill domain: every process started under one owner (an agent session, an operation), found
// by an inherited environment marker plus remembered (pid, start time) identities and their
// descendants, so `setsid` or a double fork does not hide a member (ARCHITECTURE decision 10).
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  DEFAULT_KILL_DOMAIN_GRACE,
  KILL_DOMAIN_ENV,
  KILL_DOMAIN_KILL_WAIT,
  KILL_DOMAIN_RECHECK_MAX,
  KILL_DOMAIN_RECHECK_MIN,
} from './constants.js';
import { type KillDomainReport, killDomainSurvivor } from './kill-domain-report.js';
import { isDeadState, type ProcessEntry, type ProcessIdentity } from './process-entry.js';
import { processHasEnvironmentEntry } from './read-process-details.js';
import { readProcess, readProcessTable } from './read-process-table.js';
import type { SignalOutcome } from './signal-outcome.js';
import { signalProcess } from './signal-process.js';

/** Options of {@link KillDomain.terminate}. */
export interface KillDomainTerminateOptions {
  /** Milliseconds between the polite signal and SIGKILL. Default {@link DEFAULT_KILL_DOMAIN_GRACE}. */
  readonly graceMs?: number;
  /** The polite signal. Default `SIGTERM`. */
  readonly signal?: NodeJS.Signals;
}

const key = (identity: ProcessIdentity): string => `${identity.pid}:${identity.startTime}`;

/**
 * Every process started under one owner. The spawner adds {@link KillDomain.env} to each child's
 * environment (and may {@link KillDomain.adopt} the child's pid); `members()` finds the tree,
 * `terminate()` ends it politely then by force, `killSync()` ends it at once (host exit).
 */
export class KillDomain {
  /** The random token that marks this domain's processes. */
  readonly token: string;
  /** What the spawner adds to a child's environment: `{ GATE4AGENT_KILL_DOMAIN: token }`. */
  readonly env: Readonly<Record<string, string>>;
  readonly #known = new Map<string, ProcessIdentity>();
  readonly #strangers = new Set<string>();

  private constructor(token: string) {
    this.token = token;
    this.env = Object.freeze({ [KILL_DOMAIN_ENV]: token });
  }

  /** A new domain with a fresh random token. */
  static create(): KillDomain {
    return new KillDomain(randomUUID());
  }

  /**
   * Records `pid` (as its identity, pid + start time) as a member, for a child whose environment
   * cannot carry the marker. Returns the identity, or `null` when the pid is gone or the host has
   * no `/proc`.
   */
  adopt(pid: number): ProcessIdentity | null {
    const read = readProcess(pid);
    if (read.kind !== 'process') return null;
    const identity = { pid, startTime: read.entry.startTime };
    this.#known.set(key(identity), identity);
    return identity;
  }

  /**
   * The domain's processes that can still run: marked ones, adopted ones and every descendant of
   * a member, by identity. Empty when the host has no `/proc` (see {@link KillDomain.supported}).
   */
  members(): ProcessIdentity[] {
    const table = readProcessTable();
    if (table.kind === 'unsupported') return [];
    const found = new Map<string, ProcessEntry>();
    const present = new Set<string>();
    const byParent = new Map<number, ProcessEntry[]>();
    for (const entry of table.entries) {
      const id = key(entry);
      present.add(id);
      const siblings = byParent.get(entry.ppid);
      if (siblings === undefined) byParent.set(entry.ppid, [entry]);
      else siblings.push(entry);
      if (this.#known.has(id) || this.#marked(entry, id)) found.set(id, entry);
    }
    const queue = [...found.values()];
    while (queue.length > 0) {
      const parent = queue.pop() as ProcessEntry;
      for (const child of byParent.get(parent.pid) ?? []) {
        const id = key(child);
        if (found.has(id)) continue;
        found.set(id, child);
        queue.push(child);
      }
    }
    for (const id of this.#known.keys()) if (!present.has(id)) this.#known.delete(id);
    for (const id of this.#strangers) if (!present.has(id)) this.#strangers.delete(id);
    const live: ProcessIdentity[] = [];
    for (const [id, entry] of found) {
      const identity = { pid: entry.pid, startTime: entry.startTime };
      this.#known.set(id, identity);
      if (!isDeadState(entry.state) && entry.pid !== process.pid) live.push(identity);
    }
    return live.sort((left, right) => left.pid - right.pid);
  }

  /** Whether members can be found on this host (it has `/proc`). */
  static supported(): boolean {
    return readProcessTable().kind === 'table';
  }

  /**
   * Sends the polite signal (SIGTERM) to every member, waits up to `graceMs` for them to go
   * (re-checking the table with a short doubling backoff; members that appear meanwhile are
   * signalled too), then SIGKILLs what is left and waits for it. Resolves to what happened;
   * never rejects.
   */
  async terminate(options: KillDomainTerminateOptions = {}): Promise<KillDomainReport> {
    const graceMs = options.graceMs ?? DEFAULT_KILL_DOMAIN_GRACE;
    const polite = options.signal ?? 'SIGTERM';
    const unsupported = readProcessTable();
    if (unsupported.kind === 'unsupported') {
      return { terminated: [], killed: [], survivors: [], unsupported: unsupported.message };
    }
    const seen = new Map<string, ProcessIdentity>();
    const refused = new Map<string, SignalOutcome>();
    const signalNew = (signal: NodeJS.Signals, live: ProcessIdentity[]) => {
      for (const identity of live) {
        if (seen.has(key(identity))) continue;
        seen.set(key(identity), identity);
        const outcome = signalProcess(identity, signal);
        if (outcome === 'permission-denied' || outcome === 'failed')
          refused.set(key(identity), outcome);
      }
    };
    signalNew(polite, this.members());
    const afterGrace = await this.#waitGone(graceMs, (live) => signalNew(polite, live));
    const terminated = [...seen.values()].filter((identity) => !afterGrace.has(key(identity)));
    const forced = new Map<string, ProcessIdentity>();
    const kill = (live: ProcessIdentity[]) => {
      for (const identity of live) {
        const outcome = signalProcess(identity, 'SIGKILL');
        if (outcome === 'signalled') forced.set(key(identity), identity);
        else if (outcome !== 'gone') refused.set(key(identity), outcome);
      }
    };
    kill([...afterGrace.values()]);
    const left = await this.#waitGone(KILL_DOMAIN_KILL_WAIT, kill);
    return {
      terminated,
      killed: [...forced.values()].filter((identity) => !left.has(key(identity))),
      survivors: [...left.values()].map((identity) => {
        const outcome = refused.get(key(identity));
        const reason =
          outcome === 'permission-denied'
            ? 'permission-denied'
            : outcome === 'failed'
              ? 'signal-failed'
              : 'did-not-exit';
        return killDomainSurvivor(identity, reason, this.token);
      }),
      unsupported: null,
    };
  }

  /**
   * SIGKILLs every member now, synchronously (for a host that is exiting). It cannot wait, so
   * `killed` lists the members SIGKILL was delivered to; `survivors` the ones it could not reach.
   */
  killSync(): KillDomainReport {
    const table = readProcessTable();
    if (table.kind === 'unsupported') {
      return { terminated: [], killed: [], survivors: [], unsupported: table.message };
    }
    const killed = new Map<string, ProcessIdentity>();
    const refused = new Map<string, ProcessIdentity & { outcome: SignalOutcome }>();
    // A second round catches children forked between the first scan and the first kills.
    for (let round = 0; round < 2; round += 1) {
      for (const identity of this.members()) {
        if (killed.has(key(identity))) continue;
        const outcome = signalProcess(identity, 'SIGKILL');
        if (outcome === 'signalled') {
          killed.set(key(identity), identity);
          refused.delete(key(identity));
        } else if (outcome !== 'gone') refused.set(key(identity), { ...identity, outcome });
      }
    }
    return {
      terminated: [],
      killed: [...killed.values()],
      survivors: [...refused.values()].map((survivor) =>
        killDomainSurvivor(
          { pid: survivor.pid, startTime: survivor.startTime },
          survivor.outcome === 'permission-denied' ? 'permission-denied' : 'signal-failed',
          this.token,
        ),
      ),
      unsupported: null,
    };
  }

  #marked(entry: ProcessEntry, id: string): boolean {
    if (this.#strangers.has(id)) return false;
    const marked = processHasEnvironmentEntry(entry.pid, KILL_DOMAIN_ENV, this.token) === true;
    // The start environment never changes: an unmarked process stays unmarked.
    if (!marked) this.#strangers.add(id);
    return marked;
  }

  // Waits up to `budgetMs` until no member is alive; `onLive` sees every scan's live members.
  async #waitGone(
    budgetMs: number,
    onLive: (live: ProcessIdentity[]) => void,
  ): Promise<Map<string, ProcessIdentity>> {
    const deadline = performance.now() + Math.max(0, budgetMs);
    let pause = KILL_DOMAIN_RECHECK_MIN;
    for (;;) {
      const live = this.members();
      onLive(live);
      if (live.length === 0) return new Map();
      const remaining = deadline - performance.now();
      if (remaining <= 0) return new Map(live.map((identity) => [key(identity), identity]));
      await delay(Math.min(pause, remaining));
      pause = Math.min(pause * 2, KILL_DOMAIN_RECHECK_MAX);
    }
  }
}
