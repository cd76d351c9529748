import type {
  NativeProviderExecutor,
  NativeProviderExit,
  NativeProviderOperation,
  NativeProviderOperationError,
  NativeProviderResultPoll,
  ProviderInvocation,
} from '@gate4agent/handle';
import type { ToolFailure } from '@gate4agent/tool-protocol';
import { ok, type Result } from '@gate4agent/types';

/**
 * An executor whose operations accept every stop but never prove a physical exit: what a wedged
 * provider looks like to the supervisor. Starts nothing.
 */
export class NeverExitingExecutor implements NativeProviderExecutor {
  starts = 0;
  forceStops = 0;

  start(_invocation: ProviderInvocation): Result<NativeProviderOperation, ToolFailure> {
    this.starts += 1;
    return ok({
      requestStop: (): Result<void, NativeProviderOperationError> => ok(),
      requestForceStop: (): Result<void, NativeProviderOperationError> => {
        this.forceStops += 1;
        return ok();
      },
      tryWait: (): Result<NativeProviderExit | null, NativeProviderOperationError> => ok(null),
      tryPollResult: (): Result<NativeProviderResultPoll, NativeProviderOperationError> =>
        ok({ kind: 'pending' }),
    });
  }
}
