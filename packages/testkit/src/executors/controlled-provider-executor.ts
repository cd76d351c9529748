import type {
  NativeProviderExecutor,
  NativeProviderExit,
  NativeProviderOperation,
  NativeProviderResultPoll,
  ProviderInvocation,
} from '@gate4agent/handle';
import { NativeProviderOperationError } from '@gate4agent/handle';
import type { CapabilityObservation, ToolFailure } from '@gate4agent/tool-protocol';
import { err, Gate4AgentError, ok, type Result } from '@gate4agent/types';
import { spawnControlledChild } from '../fixtures/spawn-controlled-child.js';
import type { FixtureChild } from '../fixtures/spawn-fixture.js';
import { controlledSuccessObservation } from './controlled-success-observation.js';
import type { ProcessEvidence } from './process-evidence.js';

/** Options of a {@link ControlledProviderExecutor}. */
export interface ControlledProviderExecutorOptions {
  /** Shared evidence the executor and its operations record into. */
  readonly evidence: ProcessEvidence;
  /** How many starts run an `exit-success` child and succeed; the rest run `long-running`. */
  readonly successfulStartsRemaining?: number;
  /** Successful operations report their result only once this is released. */
  readonly successRelease: { isReleased(): boolean };
  /** The result of a successful operation; the reference E2E's success observation by default. */
  readonly successObservation?: CapabilityObservation;
}

/**
 * The reference E2E's controlled executor over real fixture children. A cooperative stop is only
 * counted, never signalled, so the supervisor must escalate; a force stop kills the child, and
 * the first wait after it reports nothing, as an asynchronous reap would.
 */
export class ControlledProviderExecutor implements NativeProviderExecutor {
  readonly #options: ControlledProviderExecutorOptions;
  #successfulStartsRemaining: number;

  constructor(options: ControlledProviderExecutorOptions) {
    this.#options = options;
    this.#successfulStartsRemaining = options.successfulStartsRemaining ?? 0;
  }

  /** Spawns the child and records the start, its pid and the operation key. */
  start(invocation: ProviderInvocation): Result<NativeProviderOperation, ToolFailure> {
    const completeSuccessfully = this.#successfulStartsRemaining !== 0;
    this.#successfulStartsRemaining = Math.max(0, this.#successfulStartsRemaining - 1);
    const child = spawnControlledChild(completeSuccessfully ? 'exit-success' : 'long-running');
    if (!completeSuccessfully && child.tryWait() !== null) {
      throw new Gate4AgentError(
        'fixture-not-alive',
        'controlled provider child must be alive after spawn',
      );
    }
    const evidence = this.#options.evidence;
    evidence.starts += 1;
    evidence.lastPid = child.pid;
    evidence.operations.push({
      bindingId: invocation.bindingId(),
      operationId: invocation.operationId(),
      requestKey: invocation.requestKey(),
    });
    return ok(
      new ControlledProviderOperation(
        evidence,
        child,
        completeSuccessfully,
        this.#options.successRelease,
        this.#options.successObservation ?? controlledSuccessObservation(),
      ),
    );
  }
}

/** One controlled child, owned until it is reaped. */
export class ControlledProviderOperation implements NativeProviderOperation {
  readonly #evidence: ProcessEvidence;
  #child: FixtureChild | null;
  readonly #completeSuccessfully: boolean;
  readonly #successRelease: { isReleased(): boolean };
  readonly #observation: CapabilityObservation;
  #resultDelivered = false;
  #stopRequested = false;
  #forceStopRequested = false;
  #deferFirstWaitAfterForceStop = false;

  constructor(
    evidence: ProcessEvidence,
    child: FixtureChild,
    completeSuccessfully: boolean,
    successRelease: { isReleased(): boolean },
    observation: CapabilityObservation,
  ) {
    this.#evidence = evidence;
    this.#child = child;
    this.#completeSuccessfully = completeSuccessfully;
    this.#successRelease = successRelease;
    this.#observation = observation;
  }

  /** Counts the first request; signals nothing. */
  requestStop(): Result<void, NativeProviderOperationError> {
    if (this.#stopRequested) return ok();
    this.#stopRequested = true;
    this.#evidence.stopRequests += 1;
    return ok();
  }

  /** Counts the first request, arms the deferred wait and SIGKILLs the child. */
  requestForceStop(): Result<void, NativeProviderOperationError> {
    if (this.#forceStopRequested) return ok();
    this.#forceStopRequested = true;
    this.#deferFirstWaitAfterForceStop = true;
    this.#evidence.forceStopRequests += 1;
    const child = this.#child;
    if (child === null) return err(NativeProviderOperationError.of('fixture-child-missing'));
    if (child.tryWait() !== null) return ok();
    return child.kill('SIGKILL')
      ? ok()
      : err(NativeProviderOperationError.of('fixture-kill-failed'));
  }

  /** `null` once right after a force stop; then the exit once Node reaped the child. */
  tryWait(): Result<NativeProviderExit | null, NativeProviderOperationError> {
    if (this.#forceStopRequested && this.#deferFirstWaitAfterForceStop) {
      this.#deferFirstWaitAfterForceStop = false;
      return ok(null);
    }
    const child = this.#child;
    if (child === null) return err(NativeProviderOperationError.of('fixture-child-missing'));
    const status = child.tryWait();
    if (status === null) return ok(null);
    this.#child = null;
    this.#evidence.reaped += 1;
    this.#evidence.lastStatus = status;
    return ok({ success: status.success, code: status.code });
  }

  /** `pending` until a successful operation's release; then `ready` once, `closed` after. */
  tryPollResult(): Result<NativeProviderResultPoll, NativeProviderOperationError> {
    if (!this.#completeSuccessfully || !this.#successRelease.isReleased()) {
      return ok({ kind: 'pending' });
    }
    if (this.#resultDelivered) return ok({ kind: 'closed' });
    this.#resultDelivered = true;
    return ok({ kind: 'ready', observation: this.#observation });
  }

  /** Rust `Drop`: kills a still-owned child and records its reap when the exit arrives. */
  dispose(): void {
    const child = this.#child;
    if (child === null) return;
    this.#child = null;
    child.kill('SIGKILL');
    void child.waitForExit().then((status) => {
      this.#evidence.reaped += 1;
      this.#evidence.lastStatus = status;
    });
  }
}
