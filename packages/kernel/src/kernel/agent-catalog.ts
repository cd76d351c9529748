import type { AgentId, AgentSpec } from '@gate4agent/types';

/** The part of an agent spec the kernel reads: which transports the agent declares. */
export type KernelAgentSpec = Pick<AgentSpec, 'capabilities'>;

/**
 * The catalog the kernel checks registrations against. `AgentRegistry` of
 * `@gate4agent/agent-catalog` satisfies it; so does {@link agentCatalog}.
 */
export interface KernelAgentCatalog {
  /** The spec of `agentId`, or nothing when the agent is unknown. */
  get(agentId: AgentId): KernelAgentSpec | null | undefined;
}

/** A catalog over a fixed list of specs (the first spec of an id wins). */
export function agentCatalog(
  specs: Iterable<Pick<AgentSpec, 'id' | 'capabilities'>>,
): KernelAgentCatalog {
  const byId = new Map<AgentId, KernelAgentSpec>();
  for (const spec of specs) {
    if (!byId.has(spec.id)) byId.set(spec.id, structuredClone({ capabilities: spec.capabilities }));
  }
  return { get: (agentId) => byId.get(agentId) ?? null };
}
