import { Gate4AgentError, isSafeU64 } from '@gate4agent/types';
import { USE_CAPABILITY_CURSOR_SCHEMA } from '../constants.js';
import type { Sha256Digest } from './sha256-digest.js';

/**
 * The exact identity of one immutable A3S Use capability publication (the "Use cursor"). The
 * generation is not validated here: 0 is a legal cursor, only `usePackage` sources refuse it.
 */
export class UseCapabilityGeneration {
  /** Always {@link USE_CAPABILITY_CURSOR_SCHEMA}. */
  readonly schema: typeof USE_CAPABILITY_CURSOR_SCHEMA = USE_CAPABILITY_CURSOR_SCHEMA;
  readonly generation: number;
  readonly revision: Sha256Digest;
  readonly registryRevision: Sha256Digest;

  constructor(generation: number, revision: Sha256Digest, registryRevision: Sha256Digest) {
    if (!isSafeU64(generation)) {
      throw new Gate4AgentError(
        'invalid-use-generation',
        `UseCapabilityGeneration needs an integer from 0 to ${Number.MAX_SAFE_INTEGER}; got ${generation}`,
      );
    }
    this.generation = generation;
    this.revision = revision;
    this.registryRevision = registryRevision;
    Object.freeze(this);
  }

  /** Whether all four fields are equal. */
  equals(other: UseCapabilityGeneration): boolean {
    return (
      this.schema === other.schema &&
      this.generation === other.generation &&
      this.revision === other.revision &&
      this.registryRevision === other.registryRevision
    );
  }

  /** The canonical JSON shape of the cursor (digest input and wire form). */
  toJSON(): {
    schema: string;
    generation: number;
    revision: string;
    registryRevision: string;
  } {
    return {
      schema: this.schema,
      generation: this.generation,
      revision: this.revision,
      registryRevision: this.registryRevision,
    };
  }
}

/** How two cursors differ, in the field layout of the `*-mismatch` errors. */
export function describeUseGenerationMismatch(
  expected: UseCapabilityGeneration,
  actual: UseCapabilityGeneration,
): [number, number, boolean, boolean] {
  return [
    expected.generation,
    actual.generation,
    expected.revision !== actual.revision,
    expected.registryRevision !== actual.registryRevision,
  ];
}
