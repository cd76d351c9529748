import { err, ok, type Result } from '@gate4agent/types';
import { MAX_CAPABILITIES, MAX_CAPABILITY_DEPENDENCY_EDGES } from '../constants.js';
import { CapabilityProjectionError } from '../errors/capability-projection-error.js';
import { CapabilityId } from '../identity/capability-id.js';
import type { CapabilitySet } from '../identity/capability-set.js';
import type { CodeCatalogGeneration } from '../identity/code-catalog-generation.js';
import type { Sha256Digest } from '../identity/sha256-digest.js';

/**
 * The preparation order of one set: Kahn's algorithm in waves, each wave in id order. Adapters
 * are prepared one at a time in {@link CapabilityReadinessPlan.activationOrder}, so a later
 * adapter can rely on its dependencies being ready.
 */
export class CapabilityReadinessPlan {
  private constructor(
    readonly generation: CodeCatalogGeneration,
    readonly digest: Sha256Digest,
    readonly waves: readonly (readonly CapabilityId[])[],
  ) {
    Object.freeze(this);
  }

  /** Builds the plan of `set`; a cycle is `dependency-cycle` naming the smallest blocked id. */
  static build(set: CapabilitySet): Result<CapabilityReadinessPlan, CapabilityProjectionError> {
    const descriptors = set.iter();
    if (descriptors.length > MAX_CAPABILITIES) {
      return err(
        CapabilityProjectionError.readinessBoundExceeded('capabilities', MAX_CAPABILITIES),
      );
    }
    const blockers = new Map<string, number>();
    const dependents = new Map<string, CapabilityId[]>();
    const ids = new Map<string, CapabilityId>();
    let edges = 0;
    for (const descriptor of descriptors) {
      const key = descriptor.id.toString();
      ids.set(key, descriptor.id);
      blockers.set(key, descriptor.dependencies.length);
      edges += descriptor.dependencies.length;
      if (edges > MAX_CAPABILITY_DEPENDENCY_EDGES) {
        return err(
          CapabilityProjectionError.readinessBoundExceeded(
            'dependency_edges',
            MAX_CAPABILITY_DEPENDENCY_EDGES,
          ),
        );
      }
      for (const dependency of descriptor.dependencies) {
        if (!set.contains(dependency)) {
          return err(
            CapabilityProjectionError.readinessDependencyMissing(key, dependency.toString()),
          );
        }
        const list = dependents.get(dependency.toString()) ?? [];
        list.push(descriptor.id);
        dependents.set(dependency.toString(), list);
      }
    }
    const waves: CapabilityId[][] = [];
    let wave = descriptors.filter((d) => d.dependencies.length === 0).map((d) => d.id);
    let placed = 0;
    while (wave.length > 0) {
      wave.sort(CapabilityId.compare);
      waves.push(wave);
      placed += wave.length;
      const next: CapabilityId[] = [];
      for (const id of wave) {
        for (const dependent of dependents.get(id.toString()) ?? []) {
          const key = dependent.toString();
          const left = (blockers.get(key) ?? 0) - 1;
          blockers.set(key, left);
          if (left === 0) next.push(dependent);
        }
      }
      wave = next;
    }
    if (placed !== descriptors.length) {
      const blocked = [...blockers.entries()]
        .filter(([, left]) => left > 0)
        .map(([key]) => ids.get(key)!)
        .sort(CapabilityId.compare);
      const first = blocked[0];
      if (first === undefined) {
        return err(CapabilityProjectionError.readinessGraphInvariant('unplaced capability'));
      }
      return err(CapabilityProjectionError.dependencyCycle(first.toString(), blocked.length));
    }
    return ok(
      new CapabilityReadinessPlan(
        set.generation,
        set.digest,
        Object.freeze(waves.map((w) => Object.freeze(w))),
      ),
    );
  }

  /** Every id, wave after wave. */
  get activationOrder(): readonly CapabilityId[] {
    return this.waves.flat();
  }

  /** Whether the plan was built for `set` (same generation and digest). */
  matches(set: CapabilitySet): boolean {
    return this.generation === set.generation && this.digest === set.digest;
  }
}
