import { MAX_CAPABILITY_ERROR_MESSAGE_BYTES } from '../constants.js';
import { truncateUtf8 } from './truncate-utf8.js';

/** A failure reported by a projection adapter while it prepared its value. */
export interface CapabilityAdapterError {
  readonly kind: 'capability-adapter';
  readonly message: string;
}

/** A failure reported by a capability effect while it was closed. */
export interface CapabilityEffectError {
  readonly kind: 'capability-effect';
  readonly message: string;
}

/** A failure reported by a Use generation lease provider while it acquired a lease. */
export interface UseGenerationLeaseError {
  readonly kind: 'use-generation-lease';
  readonly message: string;
}

function bounded(message: string, fallback: string): string {
  return message.length === 0
    ? fallback
    : truncateUtf8(message, MAX_CAPABILITY_ERROR_MESSAGE_BYTES);
}

/** Builds a {@link CapabilityAdapterError}; the message is cut to 1024 bytes, empty gets a default. */
export function capabilityAdapterError(message: string): CapabilityAdapterError {
  return {
    kind: 'capability-adapter',
    message: bounded(message, 'capability adapter preparation failed; check the adapter'),
  };
}

/** Builds a {@link CapabilityEffectError}; the message is cut to 1024 bytes, empty gets a default. */
export function capabilityEffectError(message: string): CapabilityEffectError {
  return {
    kind: 'capability-effect',
    message: bounded(message, 'capability effect teardown failed; check the effect'),
  };
}

/** Builds a {@link UseGenerationLeaseError}; the message is cut to 1024 bytes, empty gets a default. */
export function useGenerationLeaseError(message: string): UseGenerationLeaseError {
  return {
    kind: 'use-generation-lease',
    message: bounded(
      message,
      'A3S Use generation lease acquisition failed; check the lease provider',
    ),
  };
}

/** The readable text of something an adapter, effect or provider threw instead of returning. */
export function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message;
  if (typeof thrown === 'object' && thrown !== null && 'message' in thrown) {
    const { message } = thrown as { message: unknown };
    if (typeof message === 'string') return message;
  }
  return String(thrown);
}
