// `NativeRuntime.tick()` and the host driver's step, as functions over the runtime's state.
import { assertLive, type NativeRuntimeState } from './native-runtime-state.js';
import type { NativeRuntimeTick } from './native-runtime-tick.js';

/**
 * One synchronous host tick, never awaiting: (1) drain worker observations, (2) drain ingress,
 * (3) kernel step, (4) dispatch control effects to workers, (5) publish the step, (6) tick each
 * provider supervisor in provider-id order, (7) collect their acks and faults.
 */
export function tickRuntime(state: NativeRuntimeState): NativeRuntimeTick {
  assertLive(state);
  const { config, dispatcher, port } = state;
  const drained = dispatcher.drainObservations(Math.max(1, config.maxObservationsPerTick));
  const ingress = port.drainIngress(Math.max(1, config.maxCommandsPerTick));
  const step = state.kernel.stepControlPlane(ingress, drained.observations);
  state.schedule.kernelStepped();
  for (const effect of step.effects) dispatcher.dispatch(effect);
  const published = port.publishStep(step);
  // An instance removed in this step takes its MCP launch with it.
  state.mcpLaunches.reconcile(step.snapshot);
  state.providers.tick();
  state.published.notify();
  return {
    commandOutcomes: step.commandOutcomes,
    effectsDispatched: step.effects.length,
    observationsApplied: drained.observations.length,
    terminalFramesCollected: drained.terminalFramesCollected,
    snapshotRevision: step.snapshot.revision,
    publishReport: published.controlEvents,
  };
}

/**
 * The host driver's step: a full `tick` when the kernel has something to reduce (ingress, worker
 * observations) or its clock is due, otherwise only the provider supervisors' pass (executor
 * activity, stop-grace deadlines, submitting ready results), which reads nothing the kernel would
 * change. A manual `tick()` always steps the kernel.
 */
export function driverStep(state: NativeRuntimeState, tick: () => void): void {
  if (state.schedule.kernelDue()) {
    tick();
    return;
  }
  assertLive(state);
  state.providers.tick();
  state.published.notify();
}
