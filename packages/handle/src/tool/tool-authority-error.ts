import type { SchemaViolation } from '@gate4agent/types';
import { MAX_TOOL_CLIENTS } from '../constants.js';

/** The counter a `counter-exhausted` authority error names. */
export type ToolAuthorityCounter = 'consumer-id' | 'authority-sequence';

/** Why a tool-authority operation was refused. Nothing changed. */
export type ToolAuthorityError =
  | { readonly kind: 'client-capacity-exceeded'; readonly message: string }
  | {
      readonly kind: 'counter-exhausted';
      readonly counter: ToolAuthorityCounter;
      readonly message: string;
    }
  | { readonly kind: 'foreign-client'; readonly message: string }
  | { readonly kind: 'client-closed'; readonly message: string }
  | { readonly kind: 'close-requires-method'; readonly message: string }
  | {
      readonly kind: 'invalid-input';
      readonly violation: SchemaViolation;
      readonly message: string;
    }
  | { readonly kind: 'full'; readonly message: string }
  | { readonly kind: 'disconnected'; readonly message: string };

/** One factory per {@link ToolAuthorityError} variant, with a plain-English message. */
export const ToolAuthorityError = {
  /** MAX_TOOL_CLIENTS clients are registered (closing ones count); close one first. */
  clientCapacityExceeded: (): ToolAuthorityError => ({
    kind: 'client-capacity-exceeded',
    message: `tool client registry is full (${MAX_TOOL_CLIENTS} clients, closing ones included); close a client first`,
  }),
  /** The named counter reached its ceiling; this authority can issue no more of it. */
  counterExhausted: (counter: ToolAuthorityCounter): ToolAuthorityError => ({
    kind: 'counter-exhausted',
    counter,
    message: `tool authority counter '${counter}' is exhausted; create a new runtime (no further ones can be issued)`,
  }),
  /** The client was bound by another authority. */
  foreignClient: (): ToolAuthorityError => ({
    kind: 'foreign-client',
    message: 'tool client belongs to another authority; use the authority that bound it',
  }),
  /** The client already closed (or its close already succeeded). */
  clientClosed: (): ToolAuthorityError => ({
    kind: 'client-closed',
    message: 'tool client is already closed; bind a new client',
  }),
  /** `close-client` must go through `closeClient`, which keeps the client's lifecycle. */
  closeRequiresMethod: (): ToolAuthorityError => ({
    kind: 'close-requires-method',
    message: 'close-client must not be dispatched directly; call closeClient() instead',
  }),
  /** The command does not have the shape of a `ToolAuthorityCommand`; no sequence was consumed. */
  invalidInput: (violation: SchemaViolation): ToolAuthorityError => ({
    kind: 'invalid-input',
    violation,
    message: `tool authority command was not sent: ${violation.message}. Build it from typed ids and a known kind, then dispatch again`,
  }),
  /** The shared ingress is full; no sequence was consumed, retry later. */
  full: (): ToolAuthorityError => ({
    kind: 'full',
    message: 'gate4agent backend ingress is full; retry after the next tick',
  }),
  /** The kernel port was disposed. */
  disconnected: (): ToolAuthorityError => ({
    kind: 'disconnected',
    message:
      'gate4agent backend ingress is disconnected (the port was disposed); create a new runtime',
  }),
} as const;
