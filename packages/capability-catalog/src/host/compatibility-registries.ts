import type { CapabilityKind } from '../identity/capability-kind.js';
import type { AgentDefinition } from '../values/agent-definition.js';
import type { HookBinding, SlashCommand } from '../values/bindings.js';
import type { Skill } from '../values/skill.js';
import type { Tool } from '../values/tool.js';
import { BUILTIN_AGENTS, canonicalAgentName } from './agent-name.js';

/** The name a snapshot refused because the registry already holds it. */
export interface SnapshotConflict {
  readonly capabilityKind: CapabilityKind;
  readonly publicName: string;
}

/** The outcome of {@link NamedRegistry.snapshotWith}: a frozen copy, or the first conflict. */
export type SnapshotResult<T> =
  | { readonly ok: true; readonly value: ReadonlyMap<string, T> }
  | { readonly ok: false; readonly error: SnapshotConflict };

/**
 * A Session-latest, mutable registry of named values (the compatibility side). Runs never read
 * it directly: they get a frozen copy merged with the projected values of their generation.
 */
export class NamedRegistry<T> {
  protected readonly entries = new Map<string, T>();

  constructor(
    readonly capabilityKind: CapabilityKind,
    protected readonly nameOf: (value: T) => string,
    readonly builtinNames: ReadonlySet<string> = new Set(),
  ) {}

  /** The key a name occupies (agents canonicalise aliases). */
  protected key(name: string): string {
    return name;
  }

  /** Whether `name` (or a name equal to it after canonicalisation) is present. */
  exists(name: string): boolean {
    return this.entries.has(name) || this.entries.has(this.key(name));
  }

  /** The value named `name`, or `null`. */
  get(name: string): T | null {
    return this.entries.get(name) ?? this.entries.get(this.key(name)) ?? null;
  }

  /** Adds or replaces `value` under its own key. */
  set(value: T): void {
    this.entries.set(this.key(this.nameOf(value)), value);
  }

  /** The values, sorted by name. */
  list(): readonly T[] {
    return [...this.entries.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, v]) => v);
  }

  /** A copy of the registry with `external` added; any occupied name is a conflict. */
  snapshotWith(external: readonly T[]): SnapshotResult<T> {
    const copy = new Map(this.entries);
    for (const value of external) {
      const name = this.nameOf(value);
      const key = this.key(name);
      if (copy.has(key) || copy.has(name)) {
        return { ok: false, error: { capabilityKind: this.capabilityKind, publicName: name } };
      }
      copy.set(key, value);
    }
    return { ok: true, value: copy };
  }
}

/** The compatibility tool registry: run-bound built-in names plus dynamic tools. */
export class ToolRegistry extends NamedRegistry<Tool> {
  constructor(builtinNames: Iterable<string>) {
    super('tool', (t) => t.name, new Set(builtinNames));
  }

  override exists(name: string): boolean {
    return this.builtinNames.has(name) || super.exists(name);
  }

  override snapshotWith(external: readonly Tool[]): SnapshotResult<Tool> {
    const clash = external.find((t) => this.builtinNames.has(t.name));
    if (clash !== undefined) {
      return { ok: false, error: { capabilityKind: 'tool', publicName: clash.name } };
    }
    return super.snapshotWith(external);
  }
}

/** The compatibility skill registry (session and `addSkill` skills). */
export class SkillRegistry extends NamedRegistry<Skill> {
  constructor() {
    super('skill', (s) => s.name);
  }
}

/** The compatibility agent registry; names conflict when their canonical forms are equal. */
export class AgentRegistry extends NamedRegistry<AgentDefinition> {
  constructor() {
    super('agent', (a) => a.name);
    for (const agent of BUILTIN_AGENTS) this.set(agent);
  }

  protected override key(name: string): string {
    return canonicalAgentName(name);
  }
}

/** The compatibility slash-command registry. */
export class CommandRegistry extends NamedRegistry<SlashCommand> {
  constructor() {
    super('command', (c) => c.name);
  }
}

/** The compatibility hook engine's registrations, by hook id. */
export class HookRegistry extends NamedRegistry<HookBinding> {
  constructor() {
    super('hook', (h) => h.id);
  }
}
