import type { ToolProviderId, ToolValidationError } from '@gate4agent/tool-protocol';
import type { SchemaViolation } from '@gate4agent/types';

/** Why `ToolClientHandle.dispatch` did not enqueue a request. Nothing was enqueued. */
export type ToolClientDispatchError =
  | { readonly kind: 'inactive'; readonly message: string }
  | {
      readonly kind: 'provider-unavailable';
      readonly providerId: ToolProviderId;
      readonly message: string;
    }
  | {
      readonly kind: 'invalid-request';
      readonly error: ToolValidationError;
      readonly message: string;
    }
  | {
      readonly kind: 'invalid-input';
      readonly violation: SchemaViolation;
      readonly message: string;
    }
  | { readonly kind: 'full'; readonly message: string }
  | { readonly kind: 'disconnected'; readonly message: string };

/** One factory per {@link ToolClientDispatchError} variant, with a plain-English message. */
export const ToolClientDispatchError = {
  /** The client is closing or closed; bind a new client. */
  inactive: (): ToolClientDispatchError => ({
    kind: 'inactive',
    message: 'tool client is not active (closing or closed); bind a new client',
  }),
  /** The provider is registered but no local runtime is attached and active (last publication). */
  providerUnavailable: (providerId: ToolProviderId): ToolClientDispatchError => ({
    kind: 'provider-unavailable',
    providerId,
    message: `tool provider '${providerId}' has no active local runtime binding; install or attach its runtime first`,
  }),
  /** The request can never be admitted (see `error`); fix it before sending again. */
  invalidRequest: (error: ToolValidationError): ToolClientDispatchError => ({
    kind: 'invalid-request',
    error,
    message: `tool request is invalid: ${describe(error)}`,
  }),
  /** The request does not have the shape of a `CapabilityRequestInput` (see `violation`). */
  invalidInput: (violation: SchemaViolation): ToolClientDispatchError => ({
    kind: 'invalid-input',
    violation,
    message: `tool request was not sent: ${violation.message}. Build it with CapabilityRequestInput.of and typed ids, then dispatch again`,
  }),
  /** The shared ingress is full; retry after the next tick. */
  full: (): ToolClientDispatchError => ({
    kind: 'full',
    message: 'gate4agent backend ingress is full; retry after the next tick',
  }),
  /** The kernel port was disposed. */
  disconnected: (): ToolClientDispatchError => ({
    kind: 'disconnected',
    message:
      'gate4agent backend ingress is disconnected (the port was disposed); create a new runtime',
  }),
} as const;

function describe(error: ToolValidationError): string {
  const { message } = error as { message?: unknown };
  return typeof message === 'string' ? message : error.kind;
}
