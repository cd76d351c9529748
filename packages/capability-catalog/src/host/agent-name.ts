import { type AgentDefinition, agentDefinition } from '../values/agent-definition.js';

const ALIASES: ReadonlyMap<string, string> = new Map([
  ['general-purpose', 'general'],
  ['general_purpose', 'general'],
  ['generalpurpose', 'general'],
  ['deep_research', 'deep-research'],
  ['deepresearch', 'deep-research'],
  ['verify', 'verification'],
  ['verifier', 'verification'],
  ['code-review', 'review'],
  ['code_reviewer', 'review'],
  ['reviewer', 'review'],
]);

/** The canonical form of an agent name: trimmed, with the built-in aliases mapped. */
export function canonicalAgentName(name: string): string {
  const trimmed = name.trim();
  return ALIASES.get(trimmed) ?? trimmed;
}

/** The built-in agents every compatibility agent registry starts with. */
export const BUILTIN_AGENTS: readonly AgentDefinition[] = Object.freeze([
  agentDefinition('explore', 'Fast read-only exploration of the workspace'),
  agentDefinition('general', 'General-purpose worker for multi-step tasks'),
  agentDefinition('deep-research', 'Long-running research worker', { hidden: true }),
  agentDefinition('loop-planner', 'Plans the next iteration of a loop', { hidden: true }),
  agentDefinition('loop-checker', 'Checks the result of a loop iteration', { hidden: true }),
  agentDefinition('plan', 'Designs an implementation plan'),
  agentDefinition('verification', 'Verifies that a change works'),
  agentDefinition('review', 'Reviews a change for defects'),
]);
