import type { SchemaViolation } from '@gate4agent/types';

/** Why `Gate4AgentHandle.dispatch` did not enqueue a control command. Nothing was enqueued. */
export type PortDispatchError =
  | {
      readonly kind: 'invalid-input';
      readonly violation: SchemaViolation;
      readonly message: string;
    }
  | { readonly kind: 'full'; readonly message: string }
  | { readonly kind: 'disconnected'; readonly message: string };

/** One factory per {@link PortDispatchError} variant, with a plain-English message. */
export const PortDispatchError = {
  /** The command does not have the shape of a `CommandEnvelope` (see `violation`). */
  invalidInput: (violation: SchemaViolation): PortDispatchError => ({
    kind: 'invalid-input',
    violation,
    message: `control command was not sent: ${violation.message}. Fix the command and dispatch it again`,
  }),
  /** The ingress queue is at capacity; retry after the next tick drained it. */
  full: (): PortDispatchError => ({
    kind: 'full',
    message: 'gate4agent command ingress is full; retry after the next tick',
  }),
  /** The kernel port was disposed; nothing will ever be reduced again. */
  disconnected: (): PortDispatchError => ({
    kind: 'disconnected',
    message:
      'gate4agent kernel ingress is disconnected (the port was disposed); create a new runtime',
  }),
} as const;
