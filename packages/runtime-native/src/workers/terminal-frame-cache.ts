import type { ObservationEnvelope } from '@gate4agent/types';
import type { NativeSessionKey } from '../pty/native-session-key.js';

function compareKeys(left: NativeSessionKey, right: NativeSessionKey): number {
  return left.instanceId - right.instanceId || left.generation - right.generation;
}

/**
 * The latest terminal frame per `(instance, generation)`: a newer frame replaces the cached one,
 * never queues behind it, so frames cannot crowd out control observations.
 */
export class TerminalFrameCache {
  readonly #frames = new Map<string, { key: NativeSessionKey; frame: ObservationEnvelope }>();
  readonly #onInsert: () => void;

  constructor(onInsert: () => void) {
    this.#onInsert = onInsert;
  }

  get size(): number {
    return this.#frames.size;
  }

  /** Replaces the cached frame of the observation's session. */
  insert(frame: ObservationEnvelope): void {
    const key = { instanceId: frame.instanceId, generation: frame.generation };
    this.#frames.set(`${key.instanceId}:${key.generation}`, { key, frame });
    this.#onInsert();
  }

  /** Forgets the session's cached frame (its close observation is on the way). */
  remove(key: NativeSessionKey): void {
    this.#frames.delete(`${key.instanceId}:${key.generation}`);
  }

  /** Removes and returns up to `limit` frames in key order (instance id, then generation). */
  take(limit: number): ObservationEnvelope[] {
    const entries = [...this.#frames.entries()]
      .sort(([, left], [, right]) => compareKeys(left.key, right.key))
      .slice(0, Math.max(0, limit));
    for (const [id] of entries) this.#frames.delete(id);
    return entries.map(([, entry]) => entry.frame);
  }

  clear(): void {
    this.#frames.clear();
  }
}
