import { ToolEngine, type ToolEngineError } from '@gate4agent/tool-engine';
import type { CapabilityProviderDescriptor, ToolEngineSnapshot } from '@gate4agent/tool-protocol';
import {
  type CommandEnvelope,
  type ControlSnapshot,
  err,
  type ObservationEnvelope,
  ok,
  type Result,
} from '@gate4agent/types';
import { Gate4AgentEngine } from '../engine/gate4agent-engine.js';
import type { KernelAgentCatalog } from './agent-catalog.js';
import type { BackendIngress } from './backend-ingress.js';
import { backendSnapshot } from './backend-snapshot.js';
import { checkStepInput } from './check-step-input.js';
import type { KernelState } from './kernel-state.js';
import type { BackendSnapshot, KernelStep } from './kernel-step.js';
import { stepControlPlane } from './step-control-plane.js';

let stateOf: (kernel: Gate4AgentKernel) => KernelState;

/**
 * The pure control-plane reducer the runtime ticks: the control session engine, the tool engine
 * and the provider-binding table, advanced together one step at a time. It reads no clock, does
 * no I/O and is deterministic: the same calls give deep-equal steps. Not copyable by design (a
 * copy would fork provider binding and sequence authority).
 */
export class Gate4AgentKernel {
  /** The kernel's state; tests reach it through {@link kernelStateOf}. */
  readonly #state: KernelState;

  static {
    stateOf = (kernel) => kernel.#state;
  }

  /** A kernel over `catalog` with no tool providers. */
  constructor(catalog: KernelAgentCatalog) {
    this.#state = {
      catalog,
      engine: new Gate4AgentEngine(),
      toolEngine: new ToolEngine(),
      providerBindings: new Map(),
      lastProviderSequence: 0,
      providerSequenceExhausted: false,
      logicalTick: 0,
      backendRevision: 0,
    };
  }

  /** A kernel whose tool engine registers `providers` in order; the first error wins. */
  static withToolProviders(
    catalog: KernelAgentCatalog,
    providers: Iterable<CapabilityProviderDescriptor>,
  ): Result<Gate4AgentKernel, ToolEngineError> {
    const kernel = new Gate4AgentKernel(catalog);
    for (const provider of providers) {
      const registered = kernel.#state.toolEngine.registerProvider(provider);
      if (!registered.ok) return err(registered.error);
    }
    return ok(kernel);
  }

  /** One step with control commands only: `stepControlPlane` over `control` items. */
  step(
    commands: Iterable<CommandEnvelope>,
    observations: Iterable<ObservationEnvelope>,
  ): KernelStep {
    const ingress: BackendIngress[] = [];
    for (const command of commands) ingress.push({ kind: 'control', command });
    return this.stepControlPlane(ingress, observations);
  }

  /**
   * Reduces one backend tick in the fixed phase order (runtime-native §4.3): clock, health gate,
   * reconcile, ordered ingress, control observations, drains, the combined snapshot, events.
   * Every item is checked against its schema first; a malformed one (a NaN deadline, an
   * approval level outside the union, bytes as numbers) throws {@link Gate4AgentError}
   * `invalid-argument` and nothing is reduced.
   */
  stepControlPlane(
    ingress: Iterable<BackendIngress>,
    observations: Iterable<ObservationEnvelope>,
  ): KernelStep {
    const checked = checkStepInput(ingress, observations);
    return stepControlPlane(this.#state, checked.ingress, checked.observations);
  }

  /** The control engine's snapshot. */
  snapshot(): ControlSnapshot {
    return this.#state.engine.snapshot();
  }

  /** The tool engine's snapshot. */
  toolSnapshot(): ToolEngineSnapshot {
    return this.#state.toolEngine.snapshot();
  }

  /** How many tool requests are open; a host keeps ticking while any is, for their deadlines. */
  openToolRequestCount(): number {
    return this.#state.toolEngine.openRequestCount;
  }

  /** The combined snapshot the last step published (or the initial one). */
  backendSnapshot(): BackendSnapshot {
    return backendSnapshot(this.#state);
  }

  /** The catalog registrations are checked against. */
  catalog(): KernelAgentCatalog {
    return this.#state.catalog;
  }
}

/**
 * Test seam, not exported by the package: the live state behind a kernel (CONTRIBUTING.md,
 * "Test seams"). Mutating it bypasses every check the kernel makes.
 */
export function kernelStateOf(kernel: Gate4AgentKernel): KernelState {
  return stateOf(kernel);
}
