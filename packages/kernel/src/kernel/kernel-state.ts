import type { ToolEngine } from '@gate4agent/tool-engine';
import type { ProviderBindingId, ToolProviderId } from '@gate4agent/tool-protocol';
import type { Gate4AgentEngine } from '../engine/gate4agent-engine.js';
import type { KernelAgentCatalog } from './agent-catalog.js';

/** Everything one kernel owns. Deliberately not copyable: a copy would fork binding authority. */
export interface KernelState {
  readonly catalog: KernelAgentCatalog;
  readonly engine: Gate4AgentEngine;
  readonly toolEngine: ToolEngine;
  /** The current binding of each attached provider; iterate in ascending provider id. */
  readonly providerBindings: Map<ToolProviderId, ProviderBindingId>;
  /** The last consumed provider-runtime sequence, shared by every provider and command. */
  lastProviderSequence: number;
  /** Set once `COUNTER_MAX` was consumed; every later envelope fails `sequence-exhausted`. */
  providerSequenceExhausted: boolean;
  logicalTick: number;
  backendRevision: number;
}

/** Provider ids in ascending order (string comparison, as Rust's `Ord` on the id). */
export function sortedProviderIds(
  bindings: ReadonlyMap<ToolProviderId, unknown>,
): ToolProviderId[] {
  return [...bindings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
