import {
  AdapterBinding,
  type AdapterFamily,
  AdapterId,
  type AgentId,
  compareAdapterFamily,
  err,
  ok,
  type Result,
} from '@gate4agent/types';
import { AdapterRegistryError } from './adapter-registry-error.js';

/** One reviewed adapter: its family, revisioned binding and the agents it serves. */
export interface AdapterDescriptor {
  readonly family: AdapterFamily;
  readonly binding: AdapterBinding;
  readonly agents: readonly AgentId[];
}

function key(family: AdapterFamily, id: string): string {
  return `${family}\u0000${id}`;
}

/**
 * Adapters keyed by (family, adapter id): one adapter id may implement several families without
 * claiming the others. Iteration follows upstream's sorted map: family order, then adapter id.
 */
export class AdapterRegistry {
  readonly #descriptors = new Map<string, AdapterDescriptor>();

  private constructor() {}

  /** An empty registry. */
  static empty(): AdapterRegistry {
    return new AdapterRegistry();
  }

  /** Inserts `descriptors` in order; the first refused one is the error (upstream `new`). */
  static create(
    descriptors: Iterable<AdapterDescriptor>,
  ): Result<AdapterRegistry, AdapterRegistryError> {
    const registry = new AdapterRegistry();
    for (const descriptor of descriptors) {
      const inserted = registry.insert(descriptor);
      if (!inserted.ok) return inserted;
    }
    return ok(registry);
  }

  /** Adds one descriptor: its revision must be valid, it must name agents, its key must be new. */
  insert(descriptor: AdapterDescriptor): Result<void, AdapterRegistryError> {
    const { family, binding } = descriptor;
    const valid = AdapterBinding.validate(binding);
    if (!valid.ok)
      return err(AdapterRegistryError.invalidBinding(family, binding.id, valid.error.message));
    if (descriptor.agents.length === 0)
      return err(AdapterRegistryError.missingAgents(family, binding.id));
    const entry = key(family, binding.id);
    if (this.#descriptors.has(entry))
      return err(AdapterRegistryError.duplicate(family, binding.id));
    this.#descriptors.set(
      entry,
      Object.freeze({
        family,
        binding: Object.freeze({ ...binding }),
        agents: Object.freeze([...descriptor.agents]),
      }),
    );
    return ok(undefined);
  }

  /** The descriptor of (family, id), if registered. */
  get(family: AdapterFamily, id: AdapterId): AdapterDescriptor | undefined {
    return this.#descriptors.get(key(family, id));
  }

  /** The registered binding of (family, id) as a fresh copy; `undefined` for an invalid id. */
  binding(family: AdapterFamily, id: string): AdapterBinding | undefined {
    if (!AdapterId.is(id)) return undefined;
    const found = this.#descriptors.get(key(family, id));
    return found === undefined ? undefined : { ...found.binding };
  }

  /** Whether (family, binding id) is registered at exactly the binding's revision. */
  supports(family: AdapterFamily, binding: AdapterBinding): boolean {
    return this.#descriptors.get(key(family, binding.id))?.binding.revision === binding.revision;
  }

  /** Descriptors sorted by family, then adapter id. */
  *[Symbol.iterator](): IterableIterator<AdapterDescriptor> {
    const sorted = [...this.#descriptors.values()].sort(
      (left, right) =>
        compareAdapterFamily(left.family, right.family) ||
        AdapterId.compare(left.binding.id, right.binding.id),
    );
    yield* sorted;
  }

  /** The number of descriptors. */
  get size(): number {
    return this.#descriptors.size;
  }
}
