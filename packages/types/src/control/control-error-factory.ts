// One factory per ControlError variant. Messages keep the upstream wording, including its Rust
// Debug renderings of ids and nested values (`AgentInstanceId(1)`, `Running`, `Pty`).

import { type OperatorGate, operatorActionRequiredMessage } from '../agent/operator-gate.js';
import type {
  AgentInstanceId,
  OperationId,
  ProviderInteractionId,
  SessionGeneration,
} from '../id/numeric-id.js';
import type { InputPrepareError } from '../input/input-prepare-error.js';
import type { ProviderSource } from '../provider/provider-source.js';
import { pascalCase, rustDebugNewtype, rustDebugString } from '../shared/rust-debug.js';
import type { ControlError } from './control-error.js';
import type {
  ProviderRuntimeCapability,
  ProviderRuntimePolicyError,
} from './provider-runtime-policy.js';
import { debugSessionStatus, type SessionStatus } from './session-status.js';
import type { TransportKind } from './transport-kind.js';

const instance = (id: AgentInstanceId) => rustDebugNewtype('AgentInstanceId', id);
const gen = (generation: SessionGeneration) => rustDebugNewtype('SessionGeneration', generation);
const operation = (id: OperationId) => rustDebugNewtype('OperationId', id);
const interaction = (id: ProviderInteractionId) => rustDebugNewtype('ProviderInteractionId', id);

function debugProviderSource(source: ProviderSource): string {
  const { binding } = source;
  return (
    `ProviderSource { family: ${pascalCase(source.family)}, binding: AdapterBinding { ` +
    `id: ${rustDebugNewtype('AdapterId', binding.id)}, revision: ${rustDebugString(binding.revision)}, ` +
    `verification: ${pascalCase(binding.verification)} } }`
  );
}

/** Builds each {@link ControlError} variant with its readable `message`. */
export const controlError = {
  unsupportedProtocolVersion: (expected: number, actual: number): ControlError => ({
    kind: 'unsupported-protocol-version',
    expected,
    actual,
    message: `control protocol version ${actual} is unsupported; expected ${expected}`,
  }),
  duplicateInstance: (instanceId: AgentInstanceId): ControlError => ({
    kind: 'duplicate-instance',
    instanceId,
    message: `agent instance ${instance(instanceId)} is already registered`,
  }),
  sessionCapacityExceeded: (instanceId: AgentInstanceId, max: number): ControlError => ({
    kind: 'session-capacity-exceeded',
    instanceId,
    max,
    message: `cannot register agent instance ${instance(instanceId)}: live session capacity ${max} is exhausted`,
  }),
  instanceIdentityCapacityExceeded: (instanceId: AgentInstanceId, max: number): ControlError => ({
    kind: 'instance-identity-capacity-exceeded',
    instanceId,
    max,
    message: `cannot register agent instance ${instance(instanceId)}: retained identity capacity ${max} is exhausted`,
  }),
  unknownInstance: (instanceId: AgentInstanceId): ControlError => ({
    kind: 'unknown-instance',
    instanceId,
    message: `agent instance ${instance(instanceId)} is not registered`,
  }),
  generationExhausted: (
    instanceId: AgentInstanceId,
    generation: SessionGeneration,
  ): ControlError => ({
    kind: 'generation-exhausted',
    instanceId,
    generation,
    message: `agent instance ${instance(instanceId)} exhausted session generation ${gen(generation)}`,
  }),
  operationIdExhausted: (): ControlError => ({
    kind: 'operation-id-exhausted',
    message: 'control operation identifiers are exhausted',
  }),
  eventSequenceExhausted: (): ControlError => ({
    kind: 'event-sequence-exhausted',
    message: 'control event sequences are exhausted',
  }),
  revisionExhausted: (): ControlError => ({
    kind: 'revision-exhausted',
    message: 'control snapshot revisions are exhausted',
  }),
  providerSequenceExhausted: (
    instanceId: AgentInstanceId,
    generation: SessionGeneration,
  ): ControlError => ({
    kind: 'provider-sequence-exhausted',
    instanceId,
    generation,
    message: `agent instance ${instance(instanceId)} generation ${gen(generation)} exhausted provider event sequences`,
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
    message: `agent instance ${instance(instanceId)} generation ${gen(generation)} exhausted source sequence for ${debugProviderSource(providerSource)}`,
  }),
  operationPending: (instanceId: AgentInstanceId, operationId: OperationId): ControlError => ({
    kind: 'operation-pending',
    instanceId,
    operationId,
    message: `agent instance ${instance(instanceId)} already has pending operation ${operation(operationId)}`,
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
    message: `provider runtime capability ${pascalCase(capability)} is not admitted`,
  }),
  invalidTerminalSize: (): ControlError => ({
    kind: 'invalid-terminal-size',
    message: 'terminal size is outside the supported bounded range',
  }),
  invalidWorkingDirectory: (): ControlError => ({
    kind: 'invalid-working-directory',
    message: 'working directory is empty, too large, or contains a NUL byte',
  }),
  missingInitialPrompt: (): ControlError => ({
    kind: 'missing-initial-prompt',
    message: 'pipe transport requires a non-empty initial prompt',
  }),
  invalidSessionOptions: (detail: string): ControlError => ({
    kind: 'invalid-session-options',
    detail,
    message: `session options are invalid: ${detail}`,
  }),
  invalidCapabilityProbeRequest: (detail: string): ControlError => ({
    kind: 'invalid-capability-probe-request',
    detail,
    message: `capability probe request is invalid: ${detail}`,
  }),
  capabilityProbeOperationPending: (operationId: OperationId): ControlError => ({
    kind: 'capability-probe-operation-pending',
    operationId,
    message: `capability probe operation ${operation(operationId)} is already pending`,
  }),
  capabilityProbeSettled: (): ControlError => ({
    kind: 'capability-probe-settled',
    message: 'capability probe already settled for this agent instance',
  }),
  invalidHistoryRequest: (detail: string): ControlError => ({
    kind: 'invalid-history-request',
    detail,
    message: `history request is invalid: ${detail}`,
  }),
  historyOperationPending: (operationId: OperationId): ControlError => ({
    kind: 'history-operation-pending',
    operationId,
    message: `history operation ${operation(operationId)} is already pending`,
  }),
  unknownHistoryCandidate: (): ControlError => ({
    kind: 'unknown-history-candidate',
    message: 'history candidate is not present in the current discovery snapshot',
  }),
  invalidResumeRequest: (detail: string): ControlError => ({
    kind: 'invalid-resume-request',
    detail,
    message: `resume request is invalid: ${detail}`,
  }),
  missingProviderSession: (): ControlError => ({
    kind: 'missing-provider-session',
    message: 'resume requires a canonical provider session identity',
  }),
  historyCandidateNotLoaded: (): ControlError => ({
    kind: 'history-candidate-not-loaded',
    message: 'resume history candidate must be the currently loaded candidate',
  }),
  unsupportedTransportOperation: (transport: TransportKind, action: string): ControlError => ({
    kind: 'unsupported-transport-operation',
    transport,
    action,
    message: `transport ${pascalCase(transport)} does not support ${action}`,
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
    message: `agent instance ${instance(instanceId)} cannot ${action} while in state ${debugSessionStatus(status)}`,
  }),
  staleProviderGeneration: (
    expected: SessionGeneration,
    actual: SessionGeneration,
  ): ControlError => ({
    kind: 'stale-provider-generation',
    expected,
    actual,
    message: `provider ingress generation ${gen(actual)} is stale; expected ${gen(expected)}`,
  }),
  staleProviderSequence: (): ControlError => ({
    kind: 'stale-provider-sequence',
    message: 'provider ingress source sequence must be greater than the current sequence',
  }),
  invalidProviderBatch: (max: number): ControlError => ({
    kind: 'invalid-provider-batch',
    max,
    message: `provider ingress batch must contain between 1 and ${max} events`,
  }),
  invalidProviderEvent: (detail: string): ControlError => ({
    kind: 'invalid-provider-event',
    detail,
    message: `invalid provider ingress event: ${detail}`,
  }),
  staleProviderInteractionGeneration: (
    expected: SessionGeneration,
    actual: SessionGeneration,
  ): ControlError => ({
    kind: 'stale-provider-interaction-generation',
    expected,
    actual,
    message: `provider interaction generation ${gen(actual)} is stale; expected ${gen(expected)}`,
  }),
  unknownProviderInteraction: (interactionId: ProviderInteractionId): ControlError => ({
    kind: 'unknown-provider-interaction',
    interactionId,
    message: `provider interaction ${interaction(interactionId)} is unknown`,
  }),
  providerInteractionNotPending: (interactionId: ProviderInteractionId): ControlError => ({
    kind: 'provider-interaction-not-pending',
    interactionId,
    message: `provider interaction ${interaction(interactionId)} is not pending`,
  }),
  invalidProviderInteractionResponse: (detail: string): ControlError => ({
    kind: 'invalid-provider-interaction-response',
    detail,
    message: `provider interaction response is invalid: ${detail}`,
  }),
};
