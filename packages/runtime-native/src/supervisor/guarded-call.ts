// Every call into an executor goes through here: a throw or a value outside the contract becomes
// data the supervisor turns into a typed fault, never an exception that escapes its tick.
import type {
  NativeProviderExit,
  NativeProviderOperation,
  NativeProviderOperationError,
  NativeProviderResultPoll,
} from '@gate4agent/handle';
import type { Result } from '@gate4agent/types';
import type { ExecutorMethod, ProviderSupervisorFaultKind } from './provider-supervisor-fault.js';

/** What one guarded call gave: the contract's `Result`, or the fault it caused. */
export type Guarded<T, E = NativeProviderOperationError> =
  | { readonly kind: 'result'; readonly result: Result<T, E> }
  | { readonly kind: 'fault'; readonly fault: ProviderSupervisorFaultKind };

const MESSAGE_MAX = 200;

/** The message of anything thrown, plain and bounded. */
export function thrownMessage(thrown: unknown): string {
  let text: string;
  try {
    text = thrown instanceof Error ? thrown.message : String(thrown);
  } catch {
    text = 'an exception whose message could not be read';
  }
  return text.length > MESSAGE_MAX ? `${text.slice(0, MESSAGE_MAX)}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isOperationError(value: unknown): value is NativeProviderOperationError {
  return isRecord(value) && typeof value.code === 'string';
}

/** Calls `call` and checks its `Result` shape (and, when ok, the value with `valid`). */
export function guarded<T, E = NativeProviderOperationError>(
  method: ExecutorMethod,
  call: () => unknown,
  valid: (value: unknown) => value is T,
  validError: (error: unknown) => error is E = isOperationError as (error: unknown) => error is E,
): Guarded<T, E> {
  let returned: unknown;
  try {
    returned = call();
  } catch (thrown) {
    return {
      kind: 'fault',
      fault: { kind: 'executor-threw', method, message: thrownMessage(thrown) },
    };
  }
  if (isRecord(returned)) {
    if (returned.ok === true && valid(returned.value)) {
      return { kind: 'result', result: { ok: true, value: returned.value } };
    }
    if (returned.ok === false && validError(returned.error)) {
      return { kind: 'result', result: { ok: false, error: returned.error } };
    }
  }
  return { kind: 'fault', fault: { kind: 'invalid-executor-value', method } };
}

/** Any error: `start` answers a `ToolFailure` that the supervisor validates itself. */
export const anyError = (_error: unknown): _error is unknown => true;

/** Any value: `requestStop` and `requestForceStop` answer `ok()`. */
export const anyValue = (_value: unknown): _value is undefined => true;

/** `null`, or `{ success: boolean, code: safe integer | null }`. */
export function isExitOrNull(value: unknown): value is NativeProviderExit | null {
  if (value === null) return true;
  if (!isRecord(value) || typeof value.success !== 'boolean') return false;
  return value.code === null || Number.isSafeInteger(value.code);
}

/** `{ kind: 'pending' | 'closed' }` or `{ kind: 'ready', observation }`. */
export function isResultPoll(value: unknown): value is NativeProviderResultPoll {
  if (!isRecord(value)) return false;
  if (value.kind === 'pending' || value.kind === 'closed') return true;
  return value.kind === 'ready' && isRecord(value.observation);
}

/** An object with the four methods of `NativeProviderOperation`. */
export function isOperation(value: unknown): value is NativeProviderOperation {
  return (
    isRecord(value) &&
    typeof value.requestStop === 'function' &&
    typeof value.requestForceStop === 'function' &&
    typeof value.tryWait === 'function' &&
    typeof value.tryPollResult === 'function'
  );
}

/**
 * The operation's optional `pid` (the process, and process group, it leads): `null` when it has
 * none, or the fault when reading it throws or gives something that cannot be a pid.
 */
export function operationPid(operation: NativeProviderOperation): {
  readonly pid: number | null;
  readonly fault: ProviderSupervisorFaultKind | null;
} {
  let pid: unknown;
  try {
    pid = (operation as { readonly pid?: unknown }).pid;
  } catch (thrown) {
    return {
      pid: null,
      fault: { kind: 'executor-threw', method: 'pid', message: thrownMessage(thrown) },
    };
  }
  if (pid === undefined || pid === null) return { pid: null, fault: null };
  if (typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 1 && pid !== process.pid) {
    return { pid, fault: null };
  }
  return { pid: null, fault: { kind: 'invalid-executor-value', method: 'pid' } };
}
