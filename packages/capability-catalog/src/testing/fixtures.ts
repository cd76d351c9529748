import { unwrap } from '@gate4agent/types';
import { CapabilityContribution } from '../identity/capability-contribution.js';
import { CapabilityDescriptor } from '../identity/capability-descriptor.js';
import type { CapabilityId } from '../identity/capability-id.js';
import type { CapabilityKind } from '../identity/capability-kind.js';
import { CapabilitySet } from '../identity/capability-set.js';
import { CapabilitySource } from '../identity/capability-source.js';
import { CodeCatalogGeneration } from '../identity/code-catalog-generation.js';
import { Sha256Digest } from '../identity/sha256-digest.js';
import { UseCapabilityGeneration } from '../identity/use-capability-generation.js';
import { UsePackageGeneration } from '../identity/use-package-generation.js';
import { type AgentDefinition, agentDefinition } from '../values/agent-definition.js';
import type { Skill } from '../values/skill.js';
import type { Tool, ToolOutput } from '../values/tool.js';

/** `"sha256:"` followed by `c` 64 times (valid for `c` in `0-9a-f`). */
export function digest(c: string): Sha256Digest {
  return unwrap(Sha256Digest.parse(`sha256:${c.repeat(64)}`), 'digest');
}

/** The Use cursor `(generation, digest(revision), digest('f'))`. */
export function useGeneration(generation: number, revision: string): UseCapabilityGeneration {
  return new UseCapabilityGeneration(generation, digest(revision), digest('f'));
}

/** A set and the ids of its capabilities by name. */
export interface KindSet {
  readonly set: CapabilitySet;
  readonly ids: Readonly<Record<string, CapabilityId>>;
}

/**
 * The reference's `use_kind_set`: one Use package source (`use/acme/runtime-tools`) at
 * `upstream`, with one `kind` descriptor per `[name, surfaceDigestChar]` (public name = name).
 */
export function useKindSet(
  codeGeneration: number,
  upstream: UseCapabilityGeneration,
  kind: CapabilityKind,
  names: readonly (readonly [string, string])[],
): KindSet {
  const pkg = unwrap(
    UsePackageGeneration.create(
      'acme/runtime-tools',
      'use/acme-runtime-tools',
      'runtime-tools',
      '1.0.0',
      upstream.generation,
      digest('d'),
      digest('e'),
    ),
    'use package generation',
  );
  const source = unwrap(CapabilitySource.usePackage(upstream, pkg), 'use package source');
  const ids: Record<string, CapabilityId> = {};
  const descriptors = names.map(([name, surface]) => {
    const descriptor = unwrap(
      CapabilityDescriptor.create(source, kind, name, name, digest(surface), []),
      'descriptor',
    );
    ids[name] = descriptor.id;
    return descriptor;
  });
  const contribution = unwrap(CapabilityContribution.create(source, descriptors), 'contribution');
  const set = unwrap(
    CapabilitySet.fromUseProjection(CodeCatalogGeneration.of(codeGeneration), upstream, [
      contribution,
    ]),
    'capability set',
  );
  return { set, ids };
}

/** {@link useKindSet} for tools. */
export function useToolSet(
  codeGeneration: number,
  upstream: UseCapabilityGeneration,
  names: readonly (readonly [string, string])[],
): KindSet {
  return useKindSet(codeGeneration, upstream, 'tool', names);
}

/** {@link useKindSet} for skills. */
export function useSkillSet(
  codeGeneration: number,
  upstream: UseCapabilityGeneration,
  names: readonly (readonly [string, string])[],
): KindSet {
  return useKindSet(codeGeneration, upstream, 'skill', names);
}

/** {@link useKindSet} for agents. */
export function useAgentSet(
  codeGeneration: number,
  upstream: UseCapabilityGeneration,
  names: readonly (readonly [string, string])[],
): KindSet {
  return useKindSet(codeGeneration, upstream, 'agent', names);
}

/** The reference's `skill(name, version)`: description and version are `version`. */
export function skill(name: string, version: string): Skill {
  return Object.freeze({
    name,
    description: version,
    allowedTools: 'search_skills(*)',
    disableModelInvocation: false,
    kind: 'instruction' as const,
    content: `Pinned instructions for ${version}.`,
    tags: Object.freeze(['pinned']),
    version,
  });
}

/** The reference's `projected_agent(name, version)`. */
export function projectedAgent(name: string, version: string): AgentDefinition {
  return agentDefinition(name, version, { prompt: `PROJECTED_AGENT_${version}` });
}

/** A tool whose description is its version and whose execution records the version. */
export class VersionedTool implements Tool {
  readonly parameters = Object.freeze({
    type: 'object',
    properties: { generation: { type: 'string' } },
    additionalProperties: false,
  });

  constructor(
    readonly name: string,
    readonly version: string,
    private readonly executions: string[],
  ) {}

  get description(): string {
    return this.version;
  }

  async execute(): Promise<ToolOutput> {
    this.executions.push(this.version);
    return { content: this.version, success: true };
  }
}
