import {
  type AgentId,
  type AgentSpec,
  err,
  normalizeExecutableName,
  ok,
  type Result,
  type RuntimePlatform,
  supportsPlatform,
} from '@gate4agent/types';
import type { AdapterRegistry } from './adapter-registry.js';
import { builtinAdapterRegistry } from './builtin-adapter-registry.js';
import { RegistryError } from './registry-error.js';
import { validateSpec } from './validate-spec.js';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * A validated collection of agent specs with lookups by id and by command. Inserts are atomic:
 * on error the registry is unchanged. Stored specs are deep-frozen copies; `structuredClone` one
 * to derive a variant. Iteration follows insertion order.
 */
export class AgentRegistry implements Iterable<AgentSpec> {
  readonly #specs: AgentSpec[] = [];
  readonly #byId = new Map<string, number>();
  readonly #byExactCommand = new Map<string, number>();
  readonly #byWindowsCommand = new Map<string, number>();

  private constructor() {}

  /** An empty registry. */
  static empty(): AgentRegistry {
    return new AgentRegistry();
  }

  /** Inserts `specs` in order, validating adapters against the built-in registry (upstream `new`). */
  static create(specs: Iterable<AgentSpec>): Result<AgentRegistry, RegistryError> {
    return AgentRegistry.createWithAdapters(specs, builtinAdapterRegistry());
  }

  /** As {@link AgentRegistry.create}, against a consumer-extended adapter registry. */
  static createWithAdapters(
    specs: Iterable<AgentSpec>,
    adapters: AdapterRegistry,
  ): Result<AgentRegistry, RegistryError> {
    const registry = new AgentRegistry();
    for (const spec of specs) {
      const inserted = registry.insertWithAdapters(spec, adapters);
      if (!inserted.ok) return inserted;
    }
    return ok(registry);
  }

  /** Validates and adds one spec (built-in adapters). */
  insert(spec: AgentSpec): Result<void, RegistryError> {
    return this.insertWithAdapters(spec, builtinAdapterRegistry());
  }

  /**
   * Validates and adds one spec against `adapters`: validation first (so an invalid duplicate
   * reports its validation error), then the duplicate id, then command ambiguity on the
   * Windows-normalised command and aliases, which collide on every platform.
   */
  insertWithAdapters(spec: AgentSpec, adapters: AdapterRegistry): Result<void, RegistryError> {
    const valid = validateSpec(spec, adapters);
    if (!valid.ok) return valid;
    if (this.#byId.has(spec.id)) return err(RegistryError.duplicateAgentId(spec.id));
    const commands = [spec.detection.command, ...spec.detection.aliases];
    const windowsCommands = new Set<string>();
    for (const command of commands) {
      const normalized = normalizeExecutableName(command, 'windows');
      windowsCommands.add(normalized);
      const existing = this.#byWindowsCommand.get(normalized);
      if (existing !== undefined) {
        return err(RegistryError.ambiguousCommand(normalized, this.#specs[existing]!.id, spec.id));
      }
    }
    const index = this.#specs.length;
    this.#specs.push(deepFreeze(structuredClone(spec)));
    this.#byId.set(spec.id, index);
    for (const command of commands) this.#byExactCommand.set(command, index);
    for (const command of windowsCommands) this.#byWindowsCommand.set(command, index);
    return ok(undefined);
  }

  /** The spec with this id. */
  get(id: AgentId): AgentSpec | undefined {
    return this.getById(id);
  }

  /** The spec with this id, given as a plain string. */
  getById(id: string): AgentSpec | undefined {
    const index = this.#byId.get(id);
    return index === undefined ? undefined : this.#specs[index];
  }

  /**
   * The spec whose command or alias names this process or PATH entry on `platform`: Windows
   * matches case-insensitively without `.exe`/`.cmd`/`.bat`/`.ps1`, other platforms exactly;
   * a spec that does not support `platform` is not returned.
   */
  findByCommand(commandOrPath: string, platform: RuntimePlatform): AgentSpec | undefined {
    const normalized = normalizeExecutableName(commandOrPath, platform);
    const index = (platform === 'windows' ? this.#byWindowsCommand : this.#byExactCommand).get(
      normalized,
    );
    const spec = index === undefined ? undefined : this.#specs[index];
    return spec !== undefined && supportsPlatform(spec, platform) ? spec : undefined;
  }

  /** The specs in insertion order. */
  [Symbol.iterator](): IterableIterator<AgentSpec> {
    return this.#specs[Symbol.iterator]();
  }

  /** The number of specs. */
  len(): number {
    return this.#specs.length;
  }

  /** Whether the registry holds no spec. */
  isEmpty(): boolean {
    return this.#specs.length === 0;
  }
}
