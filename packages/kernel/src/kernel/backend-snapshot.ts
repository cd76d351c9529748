import { ToolEngine } from '@gate4agent/tool-engine';
import { deepFreeze } from '@gate4agent/types';
import { Gate4AgentEngine } from '../engine/gate4agent-engine.js';
import type { KernelState } from './kernel-state.js';
import type { BackendSnapshot } from './kernel-step.js';
import { providerRuntimeSnapshot } from './provider-runtime.js';

/**
 * The kernel's combined snapshot: control, tools and the provider-binding table, built once per
 * step and frozen; the step, the handle's publication and every subscriber share it.
 */
export function backendSnapshot(state: KernelState): BackendSnapshot {
  const tools = state.toolEngine.snapshot();
  // The engine's records are frozen when built (grants, request snapshots, audit events), so
  // their fresh lists are frozen shallowly here: deepFreeze then skips thousands of records.
  Object.freeze(tools.grants);
  Object.freeze(tools.requests);
  Object.freeze(tools.auditEvents);
  return deepFreeze({
    revision: state.backendRevision,
    logicalTick: state.logicalTick,
    control: state.engine.snapshot(),
    tools,
    providerRuntime: providerRuntimeSnapshot(state),
  });
}

/** The snapshot of a kernel that never stepped (upstream `BackendSnapshot::default`). */
export function defaultBackendSnapshot(): BackendSnapshot {
  return {
    revision: 0,
    logicalTick: 0,
    control: new Gate4AgentEngine().snapshot(),
    tools: new ToolEngine().snapshot(),
    providerRuntime: { lastSequence: 0, sequenceExhausted: false, bindings: [] },
  };
}
