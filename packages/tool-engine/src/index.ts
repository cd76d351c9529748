export {
  COUNTER_MAX,
  TOOL_OPERATION_ID_COUNTER,
  TOOL_REQUEST_SEQUENCE_COUNTER,
} from './constants.js';
export { ToolEngine } from './engine/tool-engine.js';
export type {
  ApprovalDeadlineElapsedError,
  ApprovalGenerationStaleError,
  ApprovalNonceMismatchError,
  ApprovalScopeMismatchError,
  AuthoritySequenceRegressedError,
  ClientRequestCapacityExceededError,
  ClockRegressedError,
  CounterExhaustedError,
  DuplicateProviderError,
  DuplicateRequestError,
  EffectCapacityExceededError,
  EffectSequenceExhaustedError,
  GenerationRegressedError,
  InactivePolicyInstanceError,
  InvalidInputError,
  PolicyCapacityExceededError,
  PolicyGenerationMismatchError,
  ProviderCapacityExceededError,
  ProviderOwnerMismatchError,
  RequestCapacityExceededError,
  RequestNotAwaitingApprovalError,
  UnknownPolicyCapabilityError,
  UnknownPolicyInstanceError,
  UnknownPolicyProviderError,
  UnknownRequestError,
  UnknownRuntimeProviderError,
  ValidationEngineError,
} from './errors.js';
export { ToolEngineError } from './errors.js';
export type { ToolEngineCounters, ToolEngineOptions } from './state/engine-state.js';
