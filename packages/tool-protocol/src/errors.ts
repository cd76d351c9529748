// ToolValidationError: the one error union of the tool protocol. Messages keep the upstream
// rendering, "invalid tool contract: " followed by the Rust Debug form of the variant, so logs
// read the same on both sides of a port.
import { Gate4AgentError, rustDebugString } from '@gate4agent/types';
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
  | DuplicateIdentifierError
  | ZeroIdentifierError
  | TooLargeError
  | TooManyError
  | ResultTooLargeError
  | ResultLengthMismatchError
  | ProviderMismatchError
  | DeadlineElapsedError;

const quote = rustDebugString;
const contract = (debug: string): string => `invalid tool contract: ${debug}`;
const fieldOnly = (variant: string, field: string): string =>
  contract(`${variant} { field: ${quote(field)} }`);

/** One factory per variant; each builds the variant with its upstream-worded `message`. */
export const ToolValidationError = {
  unsupportedProtocolVersion: (
    expected: number,
    actual: number,
  ): UnsupportedProtocolVersionError => ({
    kind: 'unsupported-protocol-version',
    expected,
    actual,
    message: contract(`UnsupportedProtocolVersion { expected: ${expected}, actual: ${actual} }`),
  }),
  required: (field: string): RequiredError => ({
    kind: 'required',
    field,
    message: fieldOnly('Required', field),
  }),
  invalidIdentifier: (field: string): InvalidIdentifierError => ({
    kind: 'invalid-identifier',
    field,
    message: fieldOnly('InvalidIdentifier', field),
  }),
  controlCharacter: (field: string): ControlCharacterError => ({
    kind: 'control-character',
    field,
    message: fieldOnly('ControlCharacter', field),
  }),
  capabilityOutsideAdmission: (
    capabilityId: ToolCapabilityId,
  ): CapabilityOutsideAdmissionError => ({
    kind: 'capability-outside-admission',
    capabilityId,
    message: contract(
      `CapabilityOutsideAdmission { capability_id: ToolCapabilityId(${quote(capabilityId)}) }`,
    ),
  }),
  duplicateIdentifier: (field: string): DuplicateIdentifierError => ({
    kind: 'duplicate-identifier',
    field,
    message: fieldOnly('DuplicateIdentifier', field),
  }),
  zeroIdentifier: (field: string): ZeroIdentifierError => ({
    kind: 'zero-identifier',
    field,
    message: fieldOnly('ZeroIdentifier', field),
  }),
  tooLarge: (field: string, max: number, actual: number): TooLargeError => ({
    kind: 'too-large',
    field,
    max,
    actual,
    message: contract(`TooLarge { field: ${quote(field)}, max: ${max}, actual: ${actual} }`),
  }),
  tooMany: (field: string, max: number, actual: number): TooManyError => ({
    kind: 'too-many',
    field,
    max,
    actual,
    message: contract(`TooMany { field: ${quote(field)}, max: ${max}, actual: ${actual} }`),
  }),
  resultTooLarge: (max: number, actual: number): ResultTooLargeError => ({
    kind: 'result-too-large',
    max,
    actual,
    message: contract(`ResultTooLarge { max: ${max}, actual: ${actual} }`),
  }),
  resultLengthMismatch: (declared: number, actual: number): ResultLengthMismatchError => ({
    kind: 'result-length-mismatch',
    declared,
    actual,
    message: contract(`ResultLengthMismatch { declared: ${declared}, actual: ${actual} }`),
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
    message: contract(
      `ProviderMismatch { field: ${quote(field)}, expected: ToolProviderId(${quote(expected)}), actual: ToolProviderId(${quote(actual)}) }`,
    ),
  }),
  deadlineElapsed: (currentTick: number, deadlineTick: number): DeadlineElapsedError => ({
    kind: 'deadline-elapsed',
    currentTick,
    deadlineTick,
    message: contract(
      `DeadlineElapsed { current_tick: ${currentTick}, deadline_tick: ${deadlineTick} }`,
    ),
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
