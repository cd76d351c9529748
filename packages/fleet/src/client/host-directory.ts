import type { HostRecord } from '../wire/host-record.js';

/** @internal What the client knows of one host: its last record and when it last heard of it. */
export interface KnownHost {
  readonly record: HostRecord;
  /** `performance.now()` when the record last changed in the bucket (the client's own clock). */
  readonly seenAt: number;
  /** The bucket revision of the record. */
  readonly revision: number;
}

/**
 * The hosts a fleet client knows from the host bucket. Liveness uses only this client's monotonic
 * clock (when it last saw a heartbeat), so clocks of other machines never matter.
 */
export class HostDirectory {
  readonly #hosts = new Map<string, KnownHost>();
  readonly #reserved = new Map<string, number>();

  /** Takes a host's new record. */
  update(record: HostRecord, revision: number, now: number): void {
    const known = this.#hosts.get(record.hostId);
    if (known !== undefined && known.revision >= revision) return;
    this.#hosts.set(record.hostId, { record, seenAt: now, revision });
  }

  /**
   * Counts the host as heard of now without a new record: it answered a ping while its record
   * went stale (the cluster was slow to store its heartbeat, not the host gone).
   */
  touch(hostId: string, now: number): void {
    const known = this.#hosts.get(hostId);
    if (known !== undefined) this.#hosts.set(hostId, { ...known, seenAt: now });
  }

  /** The bucket revision of the host's last record, or 0. */
  revision(hostId: string): number {
    return this.#hosts.get(hostId)?.revision ?? 0;
  }

  /** Forgets a host (it unregistered, or it was declared lost). */
  remove(hostId: string): void {
    this.#hosts.delete(hostId);
  }

  /** Every known host. */
  hosts(): readonly KnownHost[] {
    return [...this.#hosts.values()];
  }

  /** Whether the host was heard of within `timeoutMs`. */
  isLive(hostId: string, now: number, timeoutMs: number): boolean {
    const host = this.#hosts.get(hostId);
    return host !== undefined && now - host.seenAt <= timeoutMs;
  }

  /** The hosts not heard of within `timeoutMs`, with how long they have been silent. */
  silent(now: number, timeoutMs: number): { hostId: string; silentMs: number }[] {
    return this.hosts()
      .filter((host) => now - host.seenAt > timeoutMs)
      .map((host) => ({ hostId: host.record.hostId, silentMs: now - host.seenAt }));
  }

  /**
   * The live hosts that run `agentId` and have a free slot, most free slots first, then by host
   * id (so placement is deterministic). Slots this client is launching into count as taken.
   */
  candidates(agentId: string, now: number, timeoutMs: number): string[] {
    return this.hosts()
      .filter((host) => now - host.seenAt <= timeoutMs && host.record.agents.includes(agentId))
      .map((host) => ({
        hostId: host.record.hostId,
        free:
          host.record.capacity -
          host.record.sessions -
          (this.#reserved.get(host.record.hostId) ?? 0),
      }))
      .filter((host) => host.free > 0)
      .sort((a, b) => b.free - a.free || (a.hostId < b.hostId ? -1 : a.hostId > b.hostId ? 1 : 0))
      .map((host) => host.hostId);
  }

  /** Holds a slot on `hostId` while a launch is in flight; returns the release function. */
  reserve(hostId: string): () => void {
    this.#reserved.set(hostId, (this.#reserved.get(hostId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#reserved.get(hostId) ?? 1) - 1;
      if (left <= 0) this.#reserved.delete(hostId);
      else this.#reserved.set(hostId, left);
    };
  }
}
