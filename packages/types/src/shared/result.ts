import { Gate4AgentError } from './gate4agent-error.js';

/** The outcome of an operation whose failure is expected: a value or a kind-tagged error. */
export type Result<T, E> = Ok<T> | Err<E>;

/** A successful {@link Result}. */
export interface Ok<T> {
  readonly ok: true;
  readonly value: T;
}

/** A failed {@link Result}. */
export interface Err<E> {
  readonly ok: false;
  readonly error: E;
}

/** Wraps a value as a successful {@link Result}. */
export function ok<T>(value: T): Ok<T>;
export function ok(): Ok<undefined>;
export function ok<T>(value?: T): Ok<T | undefined> {
  return { ok: true, value };
}

/** Wraps an error as a failed {@link Result}. */
export function err<E>(error: E): Err<E> {
  return { ok: false, error };
}

/** The shape every expected error has: a kebab-case `kind` and a readable `message`. */
export interface KindedError {
  readonly kind: string;
  readonly message?: string;
}

function describe(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { kind, message } = error as { kind?: unknown; message?: unknown };
    if (typeof message === 'string' && message.length > 0) return message;
    if (typeof kind === 'string') return kind;
  }
  return String(error);
}

function kindOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { kind } = error as { kind?: unknown };
    if (typeof kind === 'string') return kind;
  }
  return 'unexpected-error';
}

/**
 * Returns the value of a successful result, or throws a {@link Gate4AgentError} that carries the
 * error's `kind` and keeps the error itself as `cause`. For application code and tests; library
 * code propagates the `Result`.
 */
export function unwrap<T, E>(result: Result<T, E>, what = 'operation'): T {
  if (result.ok) return result.value;
  throw new Gate4AgentError(kindOf(result.error), `${what} failed: ${describe(result.error)}`, {
    cause: result.error,
  });
}

/** Returns the error of a failed result, or throws when the result succeeded (for tests). */
export function unwrapErr<T, E>(result: Result<T, E>, what = 'operation'): E {
  if (!result.ok) return result.error;
  throw new Gate4AgentError('unexpected-success', `${what} succeeded; an error was expected`);
}
