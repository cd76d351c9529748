// ToolValidationError: the one error union of the tool protocol. Messages are plain English
// (decision 18): what is wrong, with the values, and what to do. Upstream rendered
// "invalid tool contract: " followed by the Rust Debug form of the variant.
import { Gate4AgentError } from '@gate4agent/types';
import type { ToolCapabilityId, ToolProviderId } from './id/tool-ids.js';

/** The protocol version of an envelope is not {@link CAPABILITY_PROTOCOL_VERSION}. */
export interface UnsupportedProtocolVersionError {
  readonly kind: 'unsupported-protocol-version';
  readonly expected: number;
  readonly actual: number;
  readonly message: string;
}

/** A required value (id, text, list) is blank or empty. */
export interface RequiredError {
  readonly kind: 'required';
  readonly field: string;
  readonly message: string;
}

/** An identifier holds a byte outside `A–Z a–z 0–9 - _ . : /`. */
export interface InvalidIdentifierError {
  readonly kind: 'invalid-identifier';
  readonly field: string;
  readonly message: string;
}

/** A text field holds a Unicode Cc character (including `\n`, `\r`, `\t`). */
export interface ControlCharacterError {
  readonly kind: 'control-character';
  readonly field: string;
  readonly message: string;
}

/** A capability id is outside the namespaces its class admits (see `validateAdmission`). */
export interface CapabilityOutsideAdmissionError {
  readonly kind: 'capability-outside-admission';
  /** The id exactly as given (not lowercased). */
  readonly capabilityId: ToolCapabilityId;
  readonly message: string;
}

/**
 * A capability's input schema is not a plain JSON object, nests too deep, or names a top-level
 * `type` other than `"object"`.
 */
export interface InvalidInputSchemaError {
  readonly kind: 'invalid-input-schema';
  /** The capability whose descriptor carries the schema. */
  readonly capabilityId: ToolCapabilityId;
  /** What is wrong, as a phrase (`is an array, not an object`). */
  readonly problem: string;
  readonly message: string;
}

/** Two entries of a list carry the same identifier. */
export interface DuplicateIdentifierError {
  readonly kind: 'duplicate-identifier';
  readonly field: string;
  readonly message: string;
}

/** An identifier or sequence that must be non-zero is 0. */
export interface ZeroIdentifierError {
  readonly kind: 'zero-identifier';
  readonly field: string;
  readonly message: string;
}

/** A value is longer than its byte limit. */
export interface TooLargeError {
  readonly kind: 'too-large';
  readonly field: string;
  readonly max: number;
  readonly actual: number;
  readonly message: string;
}

/** A list has more entries than its limit. */
export interface TooManyError {
  readonly kind: 'too-many';
  readonly field: string;
  readonly max: number;
  readonly actual: number;
  readonly message: string;
}

/** A result declares more than {@link TOOL_RESULT_MAX_BYTES}. */
export interface ResultTooLargeError {
  readonly kind: 'result-too-large';
  readonly max: number;
  readonly actual: number;
  readonly message: string;
}

/** An inline result's declared `byteLen` differs from its byte count. */
export interface ResultLengthMismatchError {
  readonly kind: 'result-length-mismatch';
  readonly declared: number;
  readonly actual: number;
  readonly message: string;
}

/** A provider id differs from the one the context requires. */
export interface ProviderMismatchError {
  readonly kind: 'provider-mismatch';
  readonly field: string;
  readonly expected: ToolProviderId;
  readonly actual: ToolProviderId;
  readonly message: string;
}

/** A request's deadline tick is not after the current tick. */
export interface DeadlineElapsedError {
  readonly kind: 'deadline-elapsed';
  readonly currentTick: number;
  readonly deadlineTick: number;
  readonly message: string;
}

/** Why a tool-protocol value is invalid (upstream `ToolValidationError`; not a wire type). */
export type ToolValidationError =
  | UnsupportedProtocolVersionError
  | RequiredError
  | InvalidIdentifierError
  | ControlCharacterError
  | CapabilityOutsideAdmissionError
  | InvalidInputSchemaError
  | DuplicateIdentifierError
  | ZeroIdentifierError
  | TooLargeError
  | TooManyError
  | ResultTooLargeError
  | ResultLengthMismatchError
  | ProviderMismatchError
  | DeadlineElapsedError;

/** One factory per variant; each builds the variant with a plain-English `message` (decision 18). */
export const ToolValidationError = {
  unsupportedProtocolVersion: (
    expected: number,
    actual: number,
  ): UnsupportedProtocolVersionError => ({
    kind: 'unsupported-protocol-version',
    expected,
    actual,
    message: `tool protocol version ${actual} is not supported; send version ${expected}`,
  }),
  required: (field: string): RequiredError => ({
    kind: 'required',
    field,
    message: `${field} is required; pass a non-blank value`,
  }),
  invalidIdentifier: (field: string): InvalidIdentifierError => ({
    kind: 'invalid-identifier',
    field,
    message: `${field} contains a character other than A-Z a-z 0-9 - _ . : /; use only those`,
  }),
  controlCharacter: (field: string): ControlCharacterError => ({
    kind: 'control-character',
    field,
    message: `${field} contains a control character (such as a newline or tab); remove it`,
  }),
  capabilityOutsideAdmission: (
    capabilityId: ToolCapabilityId,
  ): CapabilityOutsideAdmissionError => ({
    kind: 'capability-outside-admission',
    capabilityId,
    message: `capability ${capabilityId} is outside its class prefix or names a shell, file-system or MCP namespace; choose an id under the class prefix that names none of them`,
  }),
  invalidInputSchema: (
    capabilityId: ToolCapabilityId,
    problem: string,
  ): InvalidInputSchemaError => ({
    kind: 'invalid-input-schema',
    capabilityId,
    problem,
    message: `input schema of capability ${capabilityId} ${problem}; pass a plain JSON Schema object (top-level type "object", or no type), or leave inputSchema out to accept any JSON object`,
  }),
  duplicateIdentifier: (field: string): DuplicateIdentifierError => ({
    kind: 'duplicate-identifier',
    field,
    message: `${field} lists the same identifier twice; remove the duplicate`,
  }),
  zeroIdentifier: (field: string): ZeroIdentifierError => ({
    kind: 'zero-identifier',
    field,
    message: `${field} is 0; use a value of 1 or more`,
  }),
  tooLarge: (field: string, max: number, actual: number): TooLargeError => ({
    kind: 'too-large',
    field,
    max,
    actual,
    message: `${field} is ${actual} bytes, over the ${max}-byte limit; shorten it`,
  }),
  tooMany: (field: string, max: number, actual: number): TooManyError => ({
    kind: 'too-many',
    field,
    max,
    actual,
    message: `${field} has ${actual} entries, over the limit of ${max}; remove some`,
  }),
  resultTooLarge: (max: number, actual: number): ResultTooLargeError => ({
    kind: 'result-too-large',
    max,
    actual,
    message: `tool result declares ${actual} bytes, over the ${max}-byte limit; return a smaller result`,
  }),
  resultLengthMismatch: (declared: number, actual: number): ResultLengthMismatchError => ({
    kind: 'result-length-mismatch',
    declared,
    actual,
    message: `inline tool result declares ${declared} bytes but holds ${actual}; set byteLen to the actual byte count`,
  }),
  providerMismatch: (
    field: string,
    expected: ToolProviderId,
    actual: ToolProviderId,
  ): ProviderMismatchError => ({
    kind: 'provider-mismatch',
    field,
    expected,
    actual,
    message: `${field} is ${actual}, but this context belongs to provider ${expected}; use ${expected}`,
  }),
  deadlineElapsed: (currentTick: number, deadlineTick: number): DeadlineElapsedError => ({
    kind: 'deadline-elapsed',
    currentTick,
    deadlineTick,
    message: `request deadline tick ${deadlineTick} is not after the current tick ${currentTick}; pass a later deadline`,
  }),
} as const;

/**
 * The exception form of a {@link ToolValidationError}, thrown only by the throwing constructors
 * (`ToolActorId.new`, …) for callers that treat an invalid value as a bug. `kind` and `message`
 * are the error's; the error value itself is `error` (and `cause`).
 */
export class InvalidToolContractError extends Gate4AgentError {
  /** The validation error that was thrown. */
  readonly error: ToolValidationError;

  constructor(error: ToolValidationError) {
    super(error.kind, error.message, { cause: error });
    this.name = 'InvalidToolContractError';
    this.error = error;
  }
}
