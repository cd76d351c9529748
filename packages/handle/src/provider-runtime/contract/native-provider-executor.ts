import type { ToolFailure } from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import type { NativeProviderExit } from './native-provider-exit.js';
import type { NativeProviderOperationError } from './native-provider-operation-error.js';
import type { NativeProviderResultPoll } from './native-provider-result-poll.js';
import type { ProviderInvocation } from './provider-invocation.js';

/**
 * A reviewed provider adapter with a fixed launch policy. It maps one admitted invocation to one
 * provider-specific physical operation; the supervisor offers no command, shell, file-system or
 * working-directory surface. `start` is synchronous and must not block.
 */
export interface NativeProviderExecutor {
  /** Starts the operation, or says why it could not (a valid `ToolFailure`). */
  start(invocation: ProviderInvocation): Result<NativeProviderOperation, ToolFailure>;
  /**
   * Optional progress signal: subscribes `listener`, to be called (any number of times, from
   * any callback) when one of its operations may have progressed: a child exited, its output
   * closed, a result became readable. A host loop uses it to poll at once instead of on a timer.
   * Returns the unsubscribe function. Executors without it are polled.
   */
  onActivity?(listener: () => void): () => void;
}

/**
 * Ownership of one physical operation. Every method is synchronous and non-blocking.
 *
 * - `requestStop` asks for a cooperative shutdown; `requestForceStop` must end the whole resource
 *   tree the operation owns. Both are idempotent.
 * - `tryWait` is the only source of physical-exit truth: it returns an exit only after every OS
 *   resource the operation owns has been reaped. A failed stop request does not release the
 *   implementation from answering `tryWait`.
 * - `dispose` (optional) is the fail-safe for live resources, run when the owner is disposed
 *   (Rust `Drop`): it must not leave a process behind, though it cannot prove the reap.
 */
export interface NativeProviderOperation {
  /**
   * Optional: the pid of the process the operation leads (and, on POSIX, its process group).
   * With it the supervisor can still stop the operation and prove its end itself when the
   * executor throws or hangs, and kill it when the host exits. A positive integer above 1.
   */
  readonly pid?: number;
  /** Cooperative stop. */
  requestStop(): Result<void, NativeProviderOperationError>;
  /** Forced stop of everything the operation owns. */
  requestForceStop(): Result<void, NativeProviderOperationError>;
  /** The exit once everything is reaped, else `null`. */
  tryWait(): Result<NativeProviderExit | null, NativeProviderOperationError>;
  /** The operation's result, if one is available. */
  tryPollResult(): Result<NativeProviderResultPoll, NativeProviderOperationError>;
  /** Fail-safe release of live resources (kill without waiting). Idempotent. */
  dispose?(): void;
}
