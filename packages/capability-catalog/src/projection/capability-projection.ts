import { err, ok, type Result } from '@gate4agent/types';
import { CapabilityProjectionError } from '../errors/capability-projection-error.js';
import type { CapabilityDescriptor } from '../identity/capability-descriptor.js';
import type { CapabilityId } from '../identity/capability-id.js';
import type { CapabilityKind } from '../identity/capability-kind.js';
import type { CapabilitySet } from '../identity/capability-set.js';
import type { AgentDefinition } from '../values/agent-definition.js';
import { type CapabilityValue, capabilityValuePublicName } from '../values/capability-value.js';
import type { Skill } from '../values/skill.js';
import type { Tool } from '../values/tool.js';
import type { CapabilityReadinessPlan } from './readiness-plan.js';

const UI_DEPENDENCY_KINDS: ReadonlySet<CapabilityKind> = new Set(['tool', 'skill', 'mcp', 'flow']);

function surfaceDigestOf(value: CapabilityValue): string | null {
  if (value.kind === 'ui') return value.ui.surfaceDigest;
  if (value.kind === 'knowledge-surface') return value.surface.surfaceDigest;
  return null;
}

/** One descriptor with its validated runtime value. */
export interface ProjectedCapability {
  readonly descriptor: CapabilityDescriptor;
  readonly value: CapabilityValue;
}

/** A complete, validated value set for one {@link CapabilitySet}; immutable once built. */
export class CapabilityProjection {
  readonly #entries: ReadonlyMap<string, ProjectedCapability>;
  readonly #ordered: readonly ProjectedCapability[];

  private constructor(
    readonly set: CapabilitySet,
    readonly readinessPlan: CapabilityReadinessPlan,
    ordered: readonly ProjectedCapability[],
  ) {
    this.#ordered = ordered;
    this.#entries = new Map(ordered.map((e) => [e.descriptor.id.toString(), e]));
    Object.freeze(this);
  }

  /** The projection of the empty set (the initial catalog). */
  static empty(set: CapabilitySet, plan: CapabilityReadinessPlan): CapabilityProjection {
    return new CapabilityProjection(set, plan, []);
  }

  /**
   * Validates `values` against `set`: the plan matches, no id repeats, every descriptor has a
   * value of its kind and public name (and surface digest for UI and knowledge surfaces, UI
   * dependencies only on tool, skill, MCP or flow), and no value is outside the set.
   */
  static with(
    set: CapabilitySet,
    plan: CapabilityReadinessPlan,
    values: Iterable<readonly [CapabilityId, CapabilityValue]>,
  ): Result<CapabilityProjection, CapabilityProjectionError> {
    if (!plan.matches(set)) {
      return err(
        CapabilityProjectionError.readinessPlanMismatch(
          set.generation,
          plan.generation,
          plan.digest !== set.digest,
        ),
      );
    }
    const byId = new Map<string, CapabilityValue>();
    for (const [id, value] of values) {
      const key = id.toString();
      if (byId.has(key)) return err(CapabilityProjectionError.duplicateValue(key));
      byId.set(key, value);
    }
    const ordered: ProjectedCapability[] = [];
    for (const descriptor of set.iter()) {
      const key = descriptor.id.toString();
      const value = byId.get(key);
      if (value === undefined) return err(CapabilityProjectionError.missingValue(key));
      if (value.kind !== descriptor.capabilityKind) {
        return err(
          CapabilityProjectionError.kindMismatch(key, descriptor.capabilityKind, value.kind),
        );
      }
      const name = capabilityValuePublicName(value);
      if (name !== descriptor.publicName) {
        return err(CapabilityProjectionError.publicNameMismatch(key, descriptor.publicName, name));
      }
      const surface = surfaceDigestOf(value);
      if (surface !== null && surface !== descriptor.surfaceDigest) {
        return err(CapabilityProjectionError.surfaceDigestMismatch(key));
      }
      if (value.kind === 'ui') {
        const bad = descriptor.dependencies.find((d) => !UI_DEPENDENCY_KINDS.has(d.capabilityKind));
        if (bad !== undefined) {
          return err(
            CapabilityProjectionError.unsupportedUiDependencyKind(key, bad.capabilityKind),
          );
        }
      }
      ordered.push(Object.freeze({ descriptor, value }));
    }
    for (const key of byId.keys()) {
      if (set.iter().every((d) => d.id.toString() !== key)) {
        return err(CapabilityProjectionError.unexpectedValue(key));
      }
    }
    return ok(new CapabilityProjection(set, plan, Object.freeze(ordered)));
  }

  /** The number of projected values. */
  get len(): number {
    return this.#ordered.length;
  }

  /** Whether `id` has a value. */
  contains(id: CapabilityId): boolean {
    return this.#entries.has(id.toString());
  }

  /** The value of `id`, or `null`. */
  get(id: CapabilityId): CapabilityValue | null {
    return this.#entries.get(id.toString())?.value ?? null;
  }

  /** Descriptors with their values, in id order. */
  iter(): readonly ProjectedCapability[] {
    return this.#ordered;
  }

  /** The Tool value of `id`, or `null` when `id` is absent or of another kind. */
  tool(id: CapabilityId): Tool | null {
    const value = this.get(id);
    return value?.kind === 'tool' ? value.tool : null;
  }

  /** The Skill value of `id`, or `null` when `id` is absent or of another kind. */
  skill(id: CapabilityId): Skill | null {
    const value = this.get(id);
    return value?.kind === 'skill' ? value.skill : null;
  }

  /** The Agent value of `id`, or `null` when `id` is absent or of another kind. */
  agent(id: CapabilityId): AgentDefinition | null {
    const value = this.get(id);
    return value?.kind === 'agent' ? value.agent : null;
  }

  /** The values of one kind, in id order. */
  valuesOf<K extends CapabilityValue['kind']>(
    kind: K,
  ): readonly Extract<CapabilityValue, { kind: K }>[] {
    return this.#ordered
      .map((e) => e.value)
      .filter((v): v is Extract<CapabilityValue, { kind: K }> => v.kind === kind);
  }
}
