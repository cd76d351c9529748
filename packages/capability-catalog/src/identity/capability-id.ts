import { ok, type Result } from '@gate4agent/types';
import type { CapabilitySetError } from '../errors/capability-set-error.js';
import { type CapabilityKind, capabilityKindIndex } from './capability-kind.js';
import type { CapabilitySource } from './capability-source.js';
import { validateIdentifier } from './validate-identifier.js';

/**
 * The identity `(sourceId, kind, localId)` of one capability. Its display string
 * `"<source>:<kind>:<localId>"` is injective (no part holds `:`), so it is the Map key.
 */
export class CapabilityId {
  private constructor(
    readonly sourceId: string,
    readonly capabilityKind: CapabilityKind,
    readonly localId: string,
  ) {
    Object.freeze(this);
  }

  /** Derives the id of `localId` (a canonical identifier, field `local_id`) in `source`. */
  static create(
    source: CapabilitySource,
    kind: CapabilityKind,
    localId: string,
  ): Result<CapabilityId, CapabilitySetError> {
    const checked = validateIdentifier('local_id', localId);
    if (!checked.ok) return checked;
    return ok(new CapabilityId(source.id, kind, localId));
  }

  /** Tuple order: source id, then kind declaration index, then local id (not display order). */
  static compare(a: CapabilityId, b: CapabilityId): number {
    if (a.sourceId !== b.sourceId) return a.sourceId < b.sourceId ? -1 : 1;
    const kinds = capabilityKindIndex(a.capabilityKind) - capabilityKindIndex(b.capabilityKind);
    if (kinds !== 0) return kinds;
    if (a.localId !== b.localId) return a.localId < b.localId ? -1 : 1;
    return 0;
  }

  /** Whether both ids name the same capability. */
  equals(other: CapabilityId): boolean {
    return CapabilityId.compare(this, other) === 0;
  }

  /** `"<sourceId>:<kind>:<localId>"`. */
  toString(): string {
    return `${this.sourceId}:${this.capabilityKind}:${this.localId}`;
  }

  /** The canonical JSON shape (digest input). */
  toJSON(): { source: string; kind: CapabilityKind; localId: string } {
    return { source: this.sourceId, kind: this.capabilityKind, localId: this.localId };
  }
}
