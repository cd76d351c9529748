// One factory per ControlError variant. Messages are plain English (decision 18): what happened,
// with the values, and what to do. Upstream rendered ids and states with Rust Debug.

import { type OperatorGate, operatorActionRequiredMessage } from '../agent/operator-gate.js';
import {
  TERMINAL_COLUMNS_MAX,
  TERMINAL_ROWS_MAX,
  WORKING_DIRECTORY_MAX_BYTES,
} from '../constants.js';
import type {
  AgentInstanceId,
  OperationId,
  ProviderInteractionId,
  SessionGeneration,
} from '../id/numeric-id.js';
import type { InputPrepareError } from '../input/input-prepare-error.js';
import type { ProviderSource } from '../provider/provider-source.js';
import type { ControlError as ControlErrorShape } from './control-error.js';

/** The error union {@link ControlErrorShape}; as a value, the factory of its variants. */
export type ControlError = ControlErrorShape;

import type {
  ProviderRuntimeCapability,
  ProviderRuntimePolicyError,
} from './provider-runtime-policy.js';
import type { SessionStatus } from './session-status.js';
import type { TransportKind } from './transport-kind.js';

const RESTART = 'restart the control plane (no further ones can be issued)';

function describeSource(source: ProviderSource): string {
  const { binding } = source;
  return `provider source ${source.family} (adapter ${binding.id} ${binding.revision}, ${binding.verification})`;
}

/** The state `status` names, and what a caller does about it. */
function describeStatus(status: SessionStatus): string {
  switch (status.kind) {
    case 'registered':
      return 'it is registered but not started; start it first';
    case 'starting':
      return 'it is starting; wait until it is running';
    case 'running':
      return 'it is running; stop it first';
    case 'stopping':
      return 'it is stopping; wait until it has stopped';
    case 'exited':
      return `it exited (exit code ${status.exitCode ?? 'none'}); start it again or remove it`;
    case 'failed':
      return `it failed (${status.message}); start it again or remove it`;
  }
}

/** Builds each {@link ControlError} variant with its readable `message`. */
export const ControlError = {
  unsupportedProtocolVersion: (expected: number, actual: number): ControlError => ({
    kind: 'unsupported-protocol-version',
    expected,
    actual,
    message: `control protocol version ${actual} is unsupported; send version ${expected}`,
  }),
  duplicateInstance: (instanceId: AgentInstanceId): ControlError => ({
    kind: 'duplicate-instance',
    instanceId,
    message: `agent instance ${instanceId} is already registered; remove it first or use another instance id`,
  }),
  sessionCapacityExceeded: (instanceId: AgentInstanceId, max: number): ControlError => ({
    kind: 'session-capacity-exceeded',
    instanceId,
    max,
    message: `cannot register agent instance ${instanceId}: all ${max} live sessions are in use; remove a session first`,
  }),
  instanceIdentityCapacityExceeded: (instanceId: AgentInstanceId, max: number): ControlError => ({
    kind: 'instance-identity-capacity-exceeded',
    instanceId,
    max,
    message: `cannot register agent instance ${instanceId}: all ${max} retained instance identities are used; reuse a removed instance id`,
  }),
  unknownInstance: (instanceId: AgentInstanceId): ControlError => ({
    kind: 'unknown-instance',
    instanceId,
    message: `agent instance ${instanceId} is not registered; register it first`,
  }),
  generationExhausted: (
    instanceId: AgentInstanceId,
    generation: SessionGeneration,
  ): ControlError => ({
    kind: 'generation-exhausted',
    instanceId,
    generation,
    message: `agent instance ${instanceId} has used its last session generation ${generation}; register a new instance id`,
  }),
  operationIdExhausted: (): ControlError => ({
    kind: 'operation-id-exhausted',
    message: `control operation ids are exhausted; ${RESTART}`,
  }),
  eventSequenceExhausted: (): ControlError => ({
    kind: 'event-sequence-exhausted',
    message: `control event sequences are exhausted; ${RESTART}`,
  }),
  revisionExhausted: (): ControlError => ({
    kind: 'revision-exhausted',
    message: `control snapshot revisions are exhausted; ${RESTART}`,
  }),
  providerSequenceExhausted: (
    instanceId: AgentInstanceId,
    generation: SessionGeneration,
  ): ControlError => ({
    kind: 'provider-sequence-exhausted',
    instanceId,
    generation,
    message: `agent instance ${instanceId} generation ${generation} has used all provider event sequences; restart the session`,
  }),
  providerSourceSequenceExhausted: (
    instanceId: AgentInstanceId,
    generation: SessionGeneration,
    providerSource: ProviderSource,
  ): ControlError => ({
    kind: 'provider-source-sequence-exhausted',
    instanceId,
    generation,
    providerSource,
    message: `agent instance ${instanceId} generation ${generation} has used all sequences of ${describeSource(providerSource)}; restart the session`,
  }),
  operationPending: (instanceId: AgentInstanceId, operationId: OperationId): ControlError => ({
    kind: 'operation-pending',
    instanceId,
    operationId,
    message: `agent instance ${instanceId} already has operation ${operationId} pending; wait for it to finish`,
  }),
  inputRejected: (error: InputPrepareError): ControlError => ({
    kind: 'input-rejected',
    error,
    message: `agent input was rejected: ${error.message}`,
  }),
  operatorActionRequired: (instanceId: AgentInstanceId, gate: OperatorGate): ControlError => ({
    kind: 'operator-action-required',
    instanceId,
    gate: structuredClone(gate),
    message: `agent instance ${instanceId}: ${operatorActionRequiredMessage(gate)}`,
  }),
  invalidProviderRuntimePolicy: (error: ProviderRuntimePolicyError): ControlError => ({
    kind: 'invalid-provider-runtime-policy',
    error,
    message: `provider runtime policy is invalid: ${error.message}`,
  }),
  providerRuntimePolicyDenied: (capability: ProviderRuntimeCapability): ControlError => ({
    kind: 'provider-runtime-policy-denied',
    capability,
    message: `provider runtime capability ${capability} is not admitted by the session's policy; enable it in the provider runtime policy`,
  }),
  invalidTerminalSize: (): ControlError => ({
    kind: 'invalid-terminal-size',
    message: `terminal size is out of range; pass 1 to ${TERMINAL_ROWS_MAX} rows and 1 to ${TERMINAL_COLUMNS_MAX} columns`,
  }),
  invalidWorkingDirectory: (): ControlError => ({
    kind: 'invalid-working-directory',
    message: `working directory is empty, longer than ${WORKING_DIRECTORY_MAX_BYTES} bytes, or contains a NUL byte; pass a valid path`,
  }),
  missingInitialPrompt: (): ControlError => ({
    kind: 'missing-initial-prompt',
    message: 'the pipe transport needs a non-empty initial prompt; pass one',
  }),
  invalidSessionOptions: (detail: string): ControlError => ({
    kind: 'invalid-session-options',
    detail,
    message: `session options are invalid: ${detail}; correct them`,
  }),
  invalidCapabilityProbeRequest: (detail: string): ControlError => ({
    kind: 'invalid-capability-probe-request',
    detail,
    message: `capability probe request is invalid: ${detail}; correct it`,
  }),
  capabilityProbeOperationPending: (operationId: OperationId): ControlError => ({
    kind: 'capability-probe-operation-pending',
    operationId,
    message: `capability probe operation ${operationId} is already pending; wait for it to finish`,
  }),
  capabilityProbeSettled: (): ControlError => ({
    kind: 'capability-probe-settled',
    message: 'the capability probe already settled for this agent instance; use its result',
  }),
  invalidHistoryRequest: (detail: string): ControlError => ({
    kind: 'invalid-history-request',
    detail,
    message: `history request is invalid: ${detail}; correct it`,
  }),
  historyOperationPending: (operationId: OperationId): ControlError => ({
    kind: 'history-operation-pending',
    operationId,
    message: `history operation ${operationId} is already pending; wait for it to finish`,
  }),
  unknownHistoryCandidate: (): ControlError => ({
    kind: 'unknown-history-candidate',
    message:
      'the history candidate is not in the current discovery snapshot; choose one from the latest snapshot',
  }),
  invalidResumeRequest: (detail: string): ControlError => ({
    kind: 'invalid-resume-request',
    detail,
    message: `resume request is invalid: ${detail}; correct it`,
  }),
  missingProviderSession: (): ControlError => ({
    kind: 'missing-provider-session',
    message: 'resume needs a canonical provider session identity; pass the provider session id',
  }),
  historyCandidateNotLoaded: (): ControlError => ({
    kind: 'history-candidate-not-loaded',
    message: 'resume needs the currently loaded history candidate; load the candidate first',
  }),
  unsupportedTransportOperation: (transport: TransportKind, action: string): ControlError => ({
    kind: 'unsupported-transport-operation',
    transport,
    action,
    message: `the ${transport} transport does not support ${action}; use a transport that does`,
  }),
  invalidTransition: (
    instanceId: AgentInstanceId,
    action: string,
    status: SessionStatus,
  ): ControlError => ({
    kind: 'invalid-transition',
    instanceId,
    action,
    status,
    message: `agent instance ${instanceId} cannot ${action}: ${describeStatus(status)}`,
  }),
  staleProviderGeneration: (
    expected: SessionGeneration,
    actual: SessionGeneration,
  ): ControlError => ({
    kind: 'stale-provider-generation',
    expected,
    actual,
    message: `provider ingress names session generation ${actual}, which is stale; send events for the current generation ${expected}`,
  }),
  staleProviderSequence: (): ControlError => ({
    kind: 'stale-provider-sequence',
    message:
      'provider ingress source sequence is not above the current one; send a higher sequence',
  }),
  invalidProviderBatch: (max: number): ControlError => ({
    kind: 'invalid-provider-batch',
    max,
    message: `provider ingress batch is empty or too large; send between 1 and ${max} events`,
  }),
  invalidProviderEvent: (detail: string): ControlError => ({
    kind: 'invalid-provider-event',
    detail,
    message: `provider ingress event is invalid: ${detail}; correct it`,
  }),
  staleProviderInteractionGeneration: (
    expected: SessionGeneration,
    actual: SessionGeneration,
  ): ControlError => ({
    kind: 'stale-provider-interaction-generation',
    expected,
    actual,
    message: `provider interaction names session generation ${actual}, which is stale; answer for the current generation ${expected}`,
  }),
  unknownProviderInteraction: (interactionId: ProviderInteractionId): ControlError => ({
    kind: 'unknown-provider-interaction',
    interactionId,
    message: `provider interaction ${interactionId} is unknown; answer only interactions the session reported`,
  }),
  providerInteractionNotPending: (interactionId: ProviderInteractionId): ControlError => ({
    kind: 'provider-interaction-not-pending',
    interactionId,
    message: `provider interaction ${interactionId} is no longer pending; answer only pending interactions`,
  }),
  invalidProviderInteractionResponse: (detail: string): ControlError => ({
    kind: 'invalid-provider-interaction-response',
    detail,
    message: `provider interaction response is invalid: ${detail}; correct it`,
  }),
};

/** @deprecated use {@link ControlError} (one error-factory naming, CONTRIBUTING.md). */
export const controlError = ControlError;
