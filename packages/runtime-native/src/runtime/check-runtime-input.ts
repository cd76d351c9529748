// The argument checks of NativeRuntime's public entry points (ARCHITECTURE decision 6): ids with
// the compiled validator of their schema, capacities and limits as safe integers, executors by
// shape. Data that is wrong is a Result error; an argument of the wrong kind (an executor without
// `start`, a limit that is not a count) is misuse and throws Gate4AgentError.
import type { NativeProviderExecutor } from '@gate4agent/handle';
import { ToolProviderId } from '@gate4agent/tool-protocol';
import { err, Gate4AgentError, ok, type Result } from '@gate4agent/types';
import { NativeProviderControlError } from './native-provider-control-error.js';

/** Checks a provider id handed to `method`; the error says what was wrong and what to pass. */
export function checkProviderId(
  method: string,
  providerId: unknown,
): Result<ToolProviderId, NativeProviderControlError> {
  const checked = ToolProviderId.codec.checkValue(providerId);
  return checked.ok
    ? ok(checked.value)
    : err(NativeProviderControlError.invalidInput(method, checked.error));
}

/** Checks a work capacity: a safe non-negative integer (0 is clamped to 1, as upstream). */
export function checkWorkCapacity(
  workCapacity: unknown,
): Result<number, NativeProviderControlError> {
  if (typeof workCapacity === 'number' && Number.isSafeInteger(workCapacity) && workCapacity >= 0) {
    return ok(workCapacity);
  }
  return err(
    NativeProviderControlError.invalidInput('installNativeProvider', {
      kind: 'schema-violation',
      schema: 'workCapacity',
      path: '',
      message: `workCapacity must be an integer from 0 to ${Number.MAX_SAFE_INTEGER}, got ${String(workCapacity)}`,
    }),
  );
}

/** Throws unless `executor` has a `start` function (and `onActivity`, when present, is one). */
export function assertExecutor(executor: unknown): asserts executor is NativeProviderExecutor {
  const candidate = executor as Partial<NativeProviderExecutor> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.start !== 'function' ||
    (candidate.onActivity !== undefined && typeof candidate.onActivity !== 'function')
  ) {
    throw new Gate4AgentError(
      'invalid-argument',
      'installNativeProvider needs a NativeProviderExecutor: an object with a start(invocation) method (and optionally onActivity(listener)); use ChildProcessProviderExecutor or a testkit executor',
    );
  }
}

/** Throws unless `limit` is a safe non-negative integer. */
export function assertLimit(method: string, limit: unknown): asserts limit is number {
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 0) {
    throw new Gate4AgentError(
      'invalid-argument',
      `${method} needs a limit that is an integer from 0 to ${Number.MAX_SAFE_INTEGER}, got ${String(limit)}; pass how many items to take`,
    );
  }
}
