// Test seams (internal; not exported from the package index). Upstream's kernel tests reach the
// tool engine, clear the binding table and seed the provider sequence and the logical tick;
// these functions are the TypeScript equivalent and exist only for tests.
import type { ToolEngine } from '@gate4agent/tool-engine';
import type { Gate4AgentEngine } from '../engine/gate4agent-engine.js';
import type { Gate4AgentKernel } from './gate4agent-kernel.js';
import { KERNEL_STATE } from './kernel-internals.js';

/** The kernel's own tool engine, to apply grants or requests directly. */
export function kernelToolEngine(kernel: Gate4AgentKernel): ToolEngine {
  return kernel[KERNEL_STATE].toolEngine;
}

/** The kernel's own control engine. */
export function kernelControlEngine(kernel: Gate4AgentKernel): Gate4AgentEngine {
  return kernel[KERNEL_STATE].engine;
}

/** Forgets every provider binding without detaching anything in the tool engine. */
export function clearProviderBindings(kernel: Gate4AgentKernel): void {
  kernel[KERNEL_STATE].providerBindings.clear();
}

/** Sets the last consumed provider-runtime sequence and its exhaustion flag. */
export function seedProviderSequence(
  kernel: Gate4AgentKernel,
  last: number,
  exhausted: boolean,
): void {
  kernel[KERNEL_STATE].lastProviderSequence = last;
  kernel[KERNEL_STATE].providerSequenceExhausted = exhausted;
}

/** Sets the logical tick. */
export function seedLogicalTick(kernel: Gate4AgentKernel, tick: number): void {
  kernel[KERNEL_STATE].logicalTick = tick;
}

/** Sets the backend revision. */
export function seedBackendRevision(kernel: Gate4AgentKernel, revision: number): void {
  kernel[KERNEL_STATE].backendRevision = revision;
}
