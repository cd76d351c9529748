import { ProviderBoundCapabilityRequest } from '@gate4agent/tool-protocol';
import { err } from '@gate4agent/types';
import {
  KernelCommandError,
  type KernelIntegrationError,
  KernelProviderError,
  KernelToolError,
} from '../errors.js';
import type { BackendIngress, BackendIngressOutcome, CommandOutcome } from './backend-ingress.js';
import { backendSnapshot } from './backend-snapshot.js';
import type { KernelState } from './kernel-state.js';
import type { KernelStep } from './kernel-step.js';
import { providerRuntimeSubject } from './provider-runtime.js';

function blockedOutcome(
  item: BackendIngress,
  reason: KernelIntegrationError,
): BackendIngressOutcome {
  switch (item.kind) {
    case 'control':
      return {
        kind: 'control',
        outcome: {
          commandId: item.command.id,
          result: err(KernelCommandError.integrationBlocked(reason)),
        },
      };
    case 'tool-request':
      return {
        kind: 'tool-request',
        outcome: {
          requestKey: ProviderBoundCapabilityRequest.key(item.request),
          acceptedSequence: null,
          result: err(KernelToolError.integrationBlocked()),
        },
      };
    case 'tool-authority':
      return {
        kind: 'tool-authority',
        outcome: {
          sequence: item.envelope.sequence,
          result: err(KernelToolError.integrationBlocked()),
        },
      };
    case 'tool-cancel':
      return {
        kind: 'tool-cancel',
        outcome: {
          requestKey: item.requestKey,
          result: err(KernelToolError.integrationBlocked()),
        },
      };
    case 'tool-provider':
      return {
        kind: 'tool-provider',
        outcome: {
          sequence: item.envelope.sequence,
          ...providerRuntimeSubject(item.envelope.command),
          result: err(KernelProviderError.integrationBlocked()),
        },
      };
  }
}

/**
 * The step when the clock phase failed: nothing is reduced or drained, every item is refused
 * `integration-blocked`, observations are discarded, and the snapshot is the current one.
 */
export function blockedStep(
  state: KernelState,
  ingress: readonly BackendIngress[],
  reason: KernelIntegrationError,
): KernelStep {
  const ingressOutcomes = ingress.map((item) => blockedOutcome(item, reason));
  const commandOutcomes: CommandOutcome[] = [];
  for (const item of ingressOutcomes)
    if (item.kind === 'control') commandOutcomes.push(item.outcome);
  const snapshot = backendSnapshot(state);
  return {
    commandOutcomes,
    effects: [],
    // Shared, not copied: the control snapshot is already a frozen copy (one copy policy).
    snapshot: snapshot.control,
    events: [],
    ingressOutcomes,
    toolEffects: [],
    toolCompletions: {
      completions: [],
      droppedSinceLastDrain: 0,
      totalDropped: snapshot.tools.droppedCompletions,
      nextSequence: snapshot.tools.nextCompletionSequence,
      sequenceExhausted: snapshot.tools.completionSequenceExhausted,
    },
    backendSnapshot: snapshot,
    integrationErrors: [reason],
  };
}
