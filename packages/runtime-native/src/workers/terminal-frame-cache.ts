import type { ObservationEnvelope } from '@gate4agent/types';
import {
  DECODE_STRING_MAX_BYTES,
  handOffChecked,
  ObservationEnvelopeCodec,
} from '@gate4agent/types';
import type { NativeSessionKey } from '../pty/native-session-key.js';

function compareKeys(left: NativeSessionKey, right: NativeSessionKey): number {
  return left.instanceId - right.instanceId || left.generation - right.generation;
}

// A cached frame is built by this runtime's shell from the emulator's state (`terminalFrame`),
// frozen and held by nobody else: valid by construction, except that a screen's text is as long
// and as well-formed as what the program wrote (a cell may stack combining marks without end, the
// emulator may keep a lone surrogate). A frame whose text is within the decode limit and
// well-formed is handed off to the kernel step's check, which then takes it as it is instead of
// scanning, validating and copying every scrollback row of every frame again (the tick's largest
// cost under a flood); any other frame is checked, and refused, as before.
function handOff(envelope: ObservationEnvelope): ObservationEnvelope {
  const { observation } = envelope;
  if (observation.kind !== 'terminal-frame') return envelope;
  const { contents } = observation.frame;
  if (contents.length <= DECODE_STRING_MAX_BYTES / 3 && contents.isWellFormed()) {
    handOffChecked(ObservationEnvelopeCodec, envelope);
  }
  return envelope;
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

  /**
   * Removes and returns up to `limit` frames in key order (instance id, then generation), each
   * handed off (`handOffChecked`) to the next `ObservationEnvelopeCodec.checkValue`: take them
   * right before the kernel step they are for, which then checks none of them twice.
   */
  take(limit: number): ObservationEnvelope[] {
    const entries = [...this.#frames.entries()]
      .sort(([, left], [, right]) => compareKeys(left.key, right.key))
      .slice(0, Math.max(0, limit));
    for (const [id] of entries) this.#frames.delete(id);
    return entries.map(([, entry]) => handOff(entry.frame));
  }

  clear(): void {
    this.#frames.clear();
  }
}
