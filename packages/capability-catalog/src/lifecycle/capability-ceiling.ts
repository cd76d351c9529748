import { err, ok, type Result } from '@gate4agent/types';
import { DEFAULT_MAX_TOOL_ROUNDS, MAX_CEILING_CAPABILITIES } from '../constants.js';
import { CapabilityScopeError } from '../errors/capability-scope-error.js';
import { CapabilityId } from '../identity/capability-id.js';
import type { CapabilitySet } from '../identity/capability-set.js';
import type { Sha256Digest } from '../identity/sha256-digest.js';

/** What the workspace allows a scope to do. */
export interface WorkspaceAccess {
  readonly read: boolean;
  readonly write: boolean;
  readonly execute: boolean;
  readonly search: boolean;
  readonly git: boolean;
  readonly codeIntelligence: boolean;
}

/** Execution limits; timeouts are milliseconds, `null` for none. */
export interface ExecutionLimits {
  readonly maxToolRounds: number;
  readonly maxParallelTasks: number;
  readonly toolTimeoutMs: number | null;
  readonly runTimeoutMs: number | null;
}

/** The options of a ceiling beyond its capability ids. */
export interface CeilingOptions {
  readonly workspace?: WorkspaceAccess;
  /** Names of governance guards that must stay in force (a child may add, never drop). */
  readonly requiredGuards?: Iterable<string>;
  readonly limits?: ExecutionLimits;
}

const FULL_WORKSPACE: WorkspaceAccess = Object.freeze({
  read: true,
  write: true,
  execute: true,
  search: true,
  git: true,
  codeIntelligence: true,
});

const DEFAULT_LIMITS: ExecutionLimits = Object.freeze({
  maxToolRounds: DEFAULT_MAX_TOOL_ROUNDS,
  maxParallelTasks: 1,
  toolTimeoutMs: null,
  runTimeoutMs: null,
});

/** The most a scope may do: which capabilities of one catalog, which workspace access, limits. */
export class CapabilityCeiling {
  private constructor(
    readonly catalogDigest: Sha256Digest,
    readonly allowedCapabilities: readonly CapabilityId[],
    readonly workspace: WorkspaceAccess,
    readonly requiredGuards: readonly string[],
    readonly limits: ExecutionLimits,
  ) {
    Object.freeze(this);
  }

  /** A ceiling allowing every capability of `set` (full workspace and no guards by default). */
  static all(
    set: CapabilitySet,
    options: CeilingOptions = {},
  ): Result<CapabilityCeiling, CapabilityScopeError> {
    return CapabilityCeiling.create(
      set,
      set.iter().map((d) => d.id),
      options,
    );
  }

  /** A ceiling allowing `ids` of `set`; each id must be in the set and appear once. */
  static create(
    set: CapabilitySet,
    ids: Iterable<CapabilityId>,
    options: CeilingOptions = {},
  ): Result<CapabilityCeiling, CapabilityScopeError> {
    const allowed: CapabilityId[] = [];
    const seen = new Set<string>();
    for (const id of ids) {
      if (allowed.length === MAX_CEILING_CAPABILITIES) {
        return err(
          CapabilityScopeError.boundExceeded('ceiling_capabilities', MAX_CEILING_CAPABILITIES),
        );
      }
      const key = id.toString();
      if (seen.has(key)) return err(CapabilityScopeError.duplicateCeilingCapability(key));
      if (!set.contains(id))
        return err(CapabilityScopeError.capabilityOutsideCatalog(key, set.digest));
      seen.add(key);
      allowed.push(id);
    }
    const limits = options.limits ?? DEFAULT_LIMITS;
    for (const [field, value] of [
      ['max_tool_rounds', limits.maxToolRounds],
      ['max_parallel_tasks', limits.maxParallelTasks],
    ] as const) {
      if (!Number.isSafeInteger(value) || value <= 0) {
        return err(CapabilityScopeError.invalidExecutionLimit(field));
      }
    }
    for (const [field, value] of [
      ['tool_timeout_ms', limits.toolTimeoutMs],
      ['run_timeout_ms', limits.runTimeoutMs],
    ] as const) {
      if (value !== null && !(value > 0))
        return err(CapabilityScopeError.invalidExecutionLimit(field));
    }
    return ok(
      new CapabilityCeiling(
        set.digest,
        Object.freeze(allowed.sort(CapabilityId.compare)),
        Object.freeze({ ...(options.workspace ?? FULL_WORKSPACE) }),
        Object.freeze([...new Set(options.requiredGuards ?? [])].sort()),
        Object.freeze({ ...limits }),
      ),
    );
  }

  /** Whether `id` is allowed. */
  allows(id: CapabilityId): boolean {
    return this.allowedCapabilities.some((allowed) => allowed.equals(id));
  }

  /** Checks that this ceiling lies within `parent`, naming the first widened dimension. */
  within(parent: CapabilityCeiling): Result<void, CapabilityScopeError> {
    if (this.catalogDigest !== parent.catalogDigest) {
      return err(CapabilityScopeError.ceilingCatalogMismatch());
    }
    if (!this.allowedCapabilities.every((id) => parent.allows(id))) {
      return err(CapabilityScopeError.ceilingExpansion('capabilities'));
    }
    for (const key of Object.keys(FULL_WORKSPACE) as (keyof WorkspaceAccess)[]) {
      if (this.workspace[key] && !parent.workspace[key]) {
        return err(CapabilityScopeError.ceilingExpansion(`workspace.${key}`));
      }
    }
    const dropped = parent.requiredGuards.find((guard) => !this.requiredGuards.includes(guard));
    if (dropped !== undefined)
      return err(CapabilityScopeError.ceilingExpansion(`governance.${dropped}`));
    const widened = (mine: number | null, theirs: number | null): boolean =>
      theirs !== null && (mine === null || mine > theirs);
    const limits: [string, number | null, number | null][] = [
      ['max_tool_rounds', this.limits.maxToolRounds, parent.limits.maxToolRounds],
      ['max_parallel_tasks', this.limits.maxParallelTasks, parent.limits.maxParallelTasks],
      ['tool_timeout_ms', this.limits.toolTimeoutMs, parent.limits.toolTimeoutMs],
      ['run_timeout_ms', this.limits.runTimeoutMs, parent.limits.runTimeoutMs],
    ];
    for (const [field, mine, theirs] of limits) {
      if (widened(mine, theirs))
        return err(CapabilityScopeError.ceilingExpansion(`execution.${field}`));
    }
    return ok();
  }
}
