import type { ProviderBoundCapabilityEffectEnvelope } from '@gate4agent/tool-protocol';
import {
  Gate4AgentError,
  handOffChecked,
  type ObservationEnvelope,
  ObservationEnvelopeCodec,
} from '@gate4agent/types';
import { COUNTER_MAX } from '../constants.js';
import { KernelCommandError, KernelIntegrationError } from '../errors.js';
import type { BackendIngress, BackendIngressOutcome, CommandOutcome } from './backend-ingress.js';
import { backendSnapshot } from './backend-snapshot.js';
import { blockedStep } from './blocked-step.js';
import { applyValidatedCommand } from './control-lane.js';
import {
  blockLanesOnControlHealth,
  type Lanes,
  terminalControlHealthError,
} from './health-gate.js';
import type { KernelState } from './kernel-state.js';
import type { KernelStep } from './kernel-step.js';
import { applyProviderRuntime } from './provider-runtime.js';
import { reconcileOrBlock, syncOrBlock } from './reconcile.js';
import {
  applyToolAuthority,
  applyToolCancel,
  applyToolRequest,
  drainBoundToolEffects,
} from './tool-lane.js';

/** Phase 1: advance the logical tick, the backend revision and the tool clock, or fail. */
function advanceBackendClock(state: KernelState): KernelIntegrationError | null {
  if (state.logicalTick === COUNTER_MAX) {
    return KernelIntegrationError.logicalTickExhausted(state.logicalTick);
  }
  if (state.backendRevision === COUNTER_MAX) {
    return KernelIntegrationError.backendRevisionExhausted(state.backendRevision);
  }
  const nextTick = state.logicalTick + 1;
  const advanced = state.toolEngine.advanceTime(nextTick);
  if (!advanced.ok) return KernelIntegrationError.toolClock(advanced.error);
  state.logicalTick = nextTick;
  state.backendRevision += 1;
  return null;
}

function reduceControl(
  state: KernelState,
  item: Extract<BackendIngress, { kind: 'control' }>,
  lanes: Lanes,
  errors: KernelIntegrationError[],
): CommandOutcome {
  const { id, command } = item.command;
  if (!lanes.control) {
    const reason = terminalControlHealthError(state.engine.health());
    if (reason === null) {
      throw new Gate4AgentError(
        'broken-invariant',
        'the control lane is closed without terminal control health',
      );
    }
    return {
      commandId: id,
      result: { ok: false, error: KernelCommandError.integrationBlocked(reason) },
    };
  }
  const result = applyValidatedCommand(state, item.command);
  if (!result.ok) state.engine.recordCommandRejection(id, command.instanceId, result.error.message);
  syncOrBlock(state, command.instanceId, lanes, errors);
  blockLanesOnControlHealth(state.engine.health(), lanes, errors);
  return { commandId: id, result };
}

/**
 * One pure step of the control plane, in a fixed phase order: clock; health gate; reconcile;
 * ingress in order, each item through its lane; control observations; drain control effects,
 * bound tool effects and tool completions; the combined snapshot; then the control events.
 */
export function stepControlPlane(
  state: KernelState,
  ingress: readonly BackendIngress[],
  observations: readonly ObservationEnvelope[],
): KernelStep {
  const clockError = advanceBackendClock(state);
  if (clockError !== null) return blockedStep(state, ingress, clockError);

  const errors: KernelIntegrationError[] = [];
  const lanes: Lanes = { control: true, tool: true };
  blockLanesOnControlHealth(state.engine.health(), lanes, errors);
  if (lanes.control) reconcileOrBlock(state, lanes, errors);

  const commandOutcomes: CommandOutcome[] = [];
  const ingressOutcomes: BackendIngressOutcome[] = [];
  for (const item of ingress) {
    switch (item.kind) {
      case 'control': {
        const outcome = reduceControl(state, item, lanes, errors);
        commandOutcomes.push(outcome);
        ingressOutcomes.push({ kind: 'control', outcome });
        break;
      }
      case 'tool-request':
        ingressOutcomes.push({
          kind: 'tool-request',
          outcome: applyToolRequest(state, item.request, lanes.tool),
        });
        break;
      case 'tool-authority':
        ingressOutcomes.push({
          kind: 'tool-authority',
          outcome: applyToolAuthority(state, item.envelope, lanes.tool),
        });
        break;
      case 'tool-cancel':
        ingressOutcomes.push({
          kind: 'tool-cancel',
          outcome: applyToolCancel(state, item.requestKey, lanes.tool),
        });
        break;
      case 'tool-provider':
        ingressOutcomes.push({
          kind: 'tool-provider',
          outcome: applyProviderRuntime(state, item.envelope, lanes.tool),
        });
        break;
    }
  }

  for (const observation of observations) {
    // Checked (and copied) with the step input; the engine takes it as it is.
    handOffChecked(ObservationEnvelopeCodec, observation);
    const applied = state.engine.tryApplyObservation(observation);
    if (applied.ok) syncOrBlock(state, observation.instanceId, lanes, errors);
    else {
      lanes.control = false;
      lanes.tool = false;
      errors.push(KernelIntegrationError.controlObservation(observation.instanceId, applied.error));
    }
    blockLanesOnControlHealth(state.engine.health(), lanes, errors);
  }

  const effects = state.engine.drainEffects();
  let toolEffects: ProviderBoundCapabilityEffectEnvelope[] = [];
  if (lanes.tool) {
    const drained = drainBoundToolEffects(state);
    if (drained.ok) toolEffects = drained.value;
    else errors.push(drained.error);
  }
  const toolCompletions = state.toolEngine.drainCompletions();
  const snapshot = backendSnapshot(state);
  const events = state.engine.drainEvents();
  return {
    commandOutcomes,
    effects,
    // Shared, not copied: the control snapshot is already a frozen copy (one copy policy).
    snapshot: snapshot.control,
    events,
    ingressOutcomes,
    toolEffects,
    toolCompletions,
    backendSnapshot: snapshot,
    integrationErrors: errors,
  };
}
