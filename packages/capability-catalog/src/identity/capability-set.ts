import { err, ok, type Result } from '@gate4agent/types';
import {
  CAPABILITY_SET_SCHEMA,
  MAX_CAPABILITIES,
  MAX_CAPABILITY_DEPENDENCY_EDGES,
  MAX_CAPABILITY_SOURCES,
} from '../constants.js';
import { CapabilitySetError } from '../errors/capability-set-error.js';
import { canonicalSetDigest } from './canonical-digest.js';
import type { CapabilityContribution } from './capability-contribution.js';
import type { CapabilityDescriptor } from './capability-descriptor.js';
import { CapabilityId } from './capability-id.js';
import type { CapabilitySource } from './capability-source.js';
import { CodeCatalogGeneration } from './code-catalog-generation.js';
import type { Sha256Digest } from './sha256-digest.js';
import {
  describeUseGenerationMismatch,
  type UseCapabilityGeneration,
} from './use-capability-generation.js';

/**
 * The immutable descriptors of one Code catalog generation, with its canonical digest and the
 * Use cursor it was projected from. Shared by reference; never mutated.
 */
export class CapabilitySet {
  /** Always {@link CAPABILITY_SET_SCHEMA}. */
  readonly schema: typeof CAPABILITY_SET_SCHEMA = CAPABILITY_SET_SCHEMA;
  readonly #sources: ReadonlyMap<string, CapabilitySource>;
  readonly #descriptors: ReadonlyMap<string, CapabilityDescriptor>;
  readonly #ordered: readonly CapabilityDescriptor[];
  readonly #orderedSources: readonly CapabilitySource[];
  readonly #useGeneration: UseCapabilityGeneration | null;

  private constructor(
    readonly generation: CodeCatalogGeneration,
    readonly digest: Sha256Digest,
    useGeneration: UseCapabilityGeneration | null,
    orderedSources: readonly CapabilitySource[],
    ordered: readonly CapabilityDescriptor[],
  ) {
    this.#useGeneration = useGeneration;
    this.#orderedSources = orderedSources;
    this.#ordered = ordered;
    this.#sources = new Map(orderedSources.map((s) => [s.id, s]));
    this.#descriptors = new Map(ordered.map((d) => [d.id.toString(), d]));
    Object.freeze(this);
  }

  /** The empty generation-0 set with no Use cursor (every Session starts here). */
  static empty(): CapabilitySet {
    const digest = canonicalSetDigest({
      generation: 0,
      useGeneration: null,
      sources: [],
      capabilities: [],
    });
    if (!digest.ok) throw new Error(digest.error.message);
    return new CapabilitySet(CodeCatalogGeneration.INITIAL, digest.value, null, [], []);
  }

  /** Builds a set whose Use cursor, if any, is adopted from the first Use package source. */
  static fromContributions(
    generation: CodeCatalogGeneration,
    contributions: Iterable<CapabilityContribution>,
  ): Result<CapabilitySet, CapabilitySetError> {
    return CapabilitySet.build(generation, null, contributions);
  }

  /**
   * Builds a set projected from one exact Use cursor; the cursor is kept even when no
   * contribution carries descriptors, and every Use package source must match it.
   */
  static fromUseProjection(
    generation: CodeCatalogGeneration,
    useGeneration: UseCapabilityGeneration,
    contributions: Iterable<CapabilityContribution>,
  ): Result<CapabilitySet, CapabilitySetError> {
    return CapabilitySet.build(generation, useGeneration, contributions);
  }

  private static build(
    generation: CodeCatalogGeneration,
    expected: UseCapabilityGeneration | null,
    contributions: Iterable<CapabilityContribution>,
  ): Result<CapabilitySet, CapabilitySetError> {
    let cursor = expected;
    const sources = new Map<string, CapabilitySource>();
    const descriptors = new Map<string, CapabilityDescriptor>();
    const names = new Map<string, CapabilitySource>();
    let edges = 0;
    for (const contribution of contributions) {
      const { source } = contribution;
      if (sources.size === MAX_CAPABILITY_SOURCES) {
        return err(CapabilitySetError.boundExceeded('sources', MAX_CAPABILITY_SOURCES));
      }
      if (sources.has(source.id)) return err(CapabilitySetError.duplicateSource(source.id));
      const sourceCursor = source.useCapabilityGeneration();
      if (sourceCursor !== null) {
        if (cursor === null) cursor = sourceCursor;
        else if (!cursor.equals(sourceCursor)) {
          return err(
            CapabilitySetError.mixedUseGeneration(
              ...describeUseGenerationMismatch(cursor, sourceCursor),
            ),
          );
        }
      }
      sources.set(source.id, source);
      for (const descriptor of contribution.descriptors) {
        if (descriptors.size === MAX_CAPABILITIES) {
          return err(CapabilitySetError.boundExceeded('capabilities', MAX_CAPABILITIES));
        }
        edges += descriptor.dependencies.length;
        if (edges > MAX_CAPABILITY_DEPENDENCY_EDGES) {
          return err(
            CapabilitySetError.boundExceeded('dependency_edges', MAX_CAPABILITY_DEPENDENCY_EDGES),
          );
        }
        const nameKey = `${descriptor.capabilityKind}\u0000${descriptor.publicName}`;
        const holder = names.get(nameKey);
        if (holder !== undefined) {
          const builtin = holder.sourceClass === 'built-in' || source.sourceClass === 'built-in';
          return err(
            builtin
              ? CapabilitySetError.builtinShadow(descriptor.capabilityKind, descriptor.publicName)
              : CapabilitySetError.publicNameConflict(
                  descriptor.capabilityKind,
                  descriptor.publicName,
                ),
          );
        }
        const key = descriptor.id.toString();
        if (descriptors.has(key)) return err(CapabilitySetError.duplicateCapability(key));
        names.set(nameKey, source);
        descriptors.set(key, descriptor);
      }
    }
    const ordered = [...descriptors.values()].sort((a, b) => CapabilityId.compare(a.id, b.id));
    for (const descriptor of ordered) {
      for (const dependency of descriptor.dependencies) {
        if (!descriptors.has(dependency.toString())) {
          return err(
            CapabilitySetError.missingDependency(descriptor.id.toString(), dependency.toString()),
          );
        }
      }
    }
    const orderedSources = [...sources.values()].sort((a, b) =>
      a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
    );
    const digest = canonicalSetDigest({
      generation,
      useGeneration: cursor,
      sources: orderedSources,
      capabilities: ordered,
    });
    if (!digest.ok) return digest;
    return ok(
      new CapabilitySet(
        generation,
        digest.value,
        cursor,
        Object.freeze(orderedSources),
        Object.freeze(ordered),
      ),
    );
  }

  /** The number of descriptors. */
  get len(): number {
    return this.#ordered.length;
  }

  /** Whether the set has no descriptors. */
  get isEmpty(): boolean {
    return this.#ordered.length === 0;
  }

  /** The number of contributing sources. */
  get sourceCount(): number {
    return this.#orderedSources.length;
  }

  /** The Use cursor this set was projected from, or `null`. */
  useCapabilityGeneration(): UseCapabilityGeneration | null {
    return this.#useGeneration;
  }

  /** The source with id `id`, or `null`. */
  source(id: string): CapabilitySource | null {
    return this.#sources.get(id) ?? null;
  }

  /** The descriptor of `id`, or `null`. */
  get(id: CapabilityId): CapabilityDescriptor | null {
    return this.#descriptors.get(id.toString()) ?? null;
  }

  /** Whether `id` is a descriptor of this set. */
  contains(id: CapabilityId): boolean {
    return this.#descriptors.has(id.toString());
  }

  /** The sources in source-id order. */
  sources(): readonly CapabilitySource[] {
    return this.#orderedSources;
  }

  /** The descriptors in id order. */
  iter(): readonly CapabilityDescriptor[] {
    return this.#ordered;
  }
}
