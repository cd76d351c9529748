export { Gate4AgentError } from './shared/gate4agent-error.js';
export type { Err, KindedError, Ok, Result } from './shared/result.js';
export { err, ok, unwrap, unwrapErr } from './shared/result.js';
export type { SchemaViolation, WireCodec } from './shared/schema.js';
export { BytesSchema, createWireCodec, SafeIntegerSchema } from './shared/schema.js';
export {
  hasControlChar,
  hasNonTextControlChar,
  isBlank,
  isWellFormedText,
  utf8ByteLength,
  utf8Encode,
} from './shared/text.js';
export type { BrandedNumber, NumericIdFactory } from './id/numeric-id.js';
export {
  AgentInstanceId,
  CommandId,
  isSafeU64,
  numericId,
  OperationId,
  ProviderInteractionId,
  SessionGeneration,
} from './id/numeric-id.js';
