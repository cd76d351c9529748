import type { ToolProviderId, ToolValidationError } from '@gate4agent/tool-protocol';

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
