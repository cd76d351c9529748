// Test seams (internal; not exported from the package index). Upstream's kernel tests reach the
// tool engine, clear the binding table and seed the provider sequence and the logical tick;
// these functions are the TypeScript equivalent and exist only for tests.
import type { ToolEngine } from '@gate4agent/tool-engine';
import type { Gate4AgentEngine } from '../engine/gate4agent-engine.js';
import { type Gate4AgentKernel, kernelStateOf } from './gate4agent-kernel.js';

/** The kernel's own tool engine, to apply grants or requests directly. */
export function kernelToolEngine(kernel: Gate4AgentKernel): ToolEngine {
  return kernelStateOf(kernel).toolEngine;
}

/** The kernel's own control engine. */
export function kernelControlEngine(kernel: Gate4AgentKernel): Gate4AgentEngine {
  return kernelStateOf(kernel).engine;
}

/** Forgets every provider binding without detaching anything in the tool engine. */
export function clearProviderBindings(kernel: Gate4AgentKernel): void {
  kernelStateOf(kernel).providerBindings.clear();
}

/** Sets the last consumed provider-runtime sequence and its exhaustion flag. */
export function seedProviderSequence(
  kernel: Gate4AgentKernel,
  last: number,
  exhausted: boolean,
): void {
  kernelStateOf(kernel).lastProviderSequence = last;
  kernelStateOf(kernel).providerSequenceExhausted = exhausted;
}

/** Sets the logical tick. */
export function seedLogicalTick(kernel: Gate4AgentKernel, tick: number): void {
  kernelStateOf(kernel).logicalTick = tick;
}

/** Sets the backend revision. */
export function seedBackendRevision(kernel: Gate4AgentKernel, revision: number): void {
  kernelStateOf(kernel).backendRevision = revision;
}
