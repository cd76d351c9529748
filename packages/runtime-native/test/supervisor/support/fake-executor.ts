// A fault-injecting fake executor: each operation's answers are fields the test sets.
import type {
  NativeProviderExecutor,
  NativeProviderExit,
  NativeProviderOperation,
  NativeProviderResultPoll,
  ProviderInvocation,
} from '@gate4agent/handle';
import { NativeProviderOperationError } from '@gate4agent/handle';
import type { ToolFailure } from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { err, ok } from '@gate4agent/types';

export class FakeOperation implements NativeProviderOperation {
  stopCalls = 0;
  forceStopCalls = 0;
  waitCalls = 0;
  pollCalls = 0;
  disposeCalls = 0;
  /** Fail this many upcoming stop / force-stop requests. */
  failStops = 0;
  failForceStops = 0;
  /** Set to report the exit from the next tryWait. */
  exit: NativeProviderExit | null = null;
  exitOnStop: NativeProviderExit | null = null;
  exitOnForceStop: NativeProviderExit | null = null;
  waitError: string | null = null;
  poll: NativeProviderResultPoll = { kind: 'pending' };
  pollError: string | null = null;

  constructor(readonly invocation: ProviderInvocation) {}

  requestStop(): Result<void, NativeProviderOperationError> {
    this.stopCalls += 1;
    if (this.failStops > 0) {
      this.failStops -= 1;
      return err(NativeProviderOperationError.of('fake-stop-failed'));
    }
    if (this.exitOnStop !== null) this.exit = this.exitOnStop;
    return ok();
  }

  requestForceStop(): Result<void, NativeProviderOperationError> {
    this.forceStopCalls += 1;
    if (this.failForceStops > 0) {
      this.failForceStops -= 1;
      return err(NativeProviderOperationError.of('fake-force-stop-failed'));
    }
    if (this.exitOnForceStop !== null) this.exit = this.exitOnForceStop;
    return ok();
  }

  tryWait(): Result<NativeProviderExit | null, NativeProviderOperationError> {
    this.waitCalls += 1;
    if (this.waitError !== null) return err(NativeProviderOperationError.of(this.waitError));
    return ok(this.exit);
  }

  tryPollResult(): Result<NativeProviderResultPoll, NativeProviderOperationError> {
    this.pollCalls += 1;
    if (this.pollError !== null) return err(NativeProviderOperationError.of(this.pollError));
    return ok(this.poll);
  }

  dispose(): void {
    this.disposeCalls += 1;
  }
}

export const EXIT_OK: NativeProviderExit = { success: true, code: 0 };
export const EXIT_KILLED: NativeProviderExit = { success: false, code: null };

export class FakeExecutor implements NativeProviderExecutor {
  readonly operations = new Map<number, FakeOperation>();
  /** Start failures by operation id. */
  readonly failures = new Map<number, ToolFailure>();
  /** Applied to every new operation. */
  configure: (operation: FakeOperation) => void = () => undefined;
  starts = 0;

  start(invocation: ProviderInvocation): Result<NativeProviderOperation, ToolFailure> {
    this.starts += 1;
    const failure = this.failures.get(invocation.operationId());
    if (failure !== undefined) return err(failure);
    const operation = new FakeOperation(invocation);
    this.configure(operation);
    this.operations.set(invocation.operationId(), operation);
    return ok(operation);
  }

  op(operationId: number): FakeOperation {
    const operation = this.operations.get(operationId);
    if (operation === undefined) throw new Error(`operation ${operationId} was not started`);
    return operation;
  }
}
