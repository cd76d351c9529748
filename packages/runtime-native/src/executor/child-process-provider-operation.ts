import type { ChildProcess } from 'node:child_process';
import type {
  NativeProviderExit,
  NativeProviderOperation,
  NativeProviderResultPoll,
} from '@gate4agent/handle';
import { NativeProviderOperationError } from '@gate4agent/handle';
import {
  KILL_DOMAIN_RECHECK_MAX,
  KILL_DOMAIN_RECHECK_MIN,
  orphanedGroupMembers,
  processGroupGone,
  sendSignal,
  signalProcess,
  signalProcessGroup,
} from '@gate4agent/process';
import type { Result } from '@gate4agent/types';
import { err, ok } from '@gate4agent/types';
import { CHILD_PROCESS_STDIO_DRAIN_GRACE } from '../constants.js';
import { decodeProviderResult } from './provider-result-document.js';

const POSIX = process.platform !== 'win32';

/**
 * One provider child and everything it owns: its process group (POSIX), its stdio and the result
 * it writes. Node events are buffered here and read synchronously by the supervisor.
 */
export class ChildProcessProviderOperation implements NativeProviderOperation {
  /** The child's pid; on POSIX also its process-group id. */
  readonly pid: number;
  readonly #child: ChildProcess;
  readonly #resultMaxBytes: number;
  readonly #now: () => number;
  #exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  #closed = false;
  #stdoutEnded = false;
  readonly #chunks: Buffer[] = [];
  #stdoutBytes = 0;
  #resultTaken = false;
  #stopSignalled = false;
  #forceStopSignalled = false;
  #groupEmptyAt: number | null = null;
  #reported: NativeProviderExit | null = null;
  readonly #onActivity: () => void;
  /** A re-check this operation scheduled for itself (leftover group members, stdio drain). */
  #recheck: ReturnType<typeof setTimeout> | null = null;
  #recheckDelay = KILL_DOMAIN_RECHECK_MIN;

  /**
   * Wraps a freshly spawned child (its pid must be known). `onActivity` is called when the child
   * exits, its stdio closes or its stdout ends: the moments a poll may see progress.
   */
  constructor(
    child: ChildProcess,
    pid: number,
    resultMaxBytes: number,
    now: () => number,
    onActivity: () => void = () => {},
  ) {
    this.pid = pid;
    this.#child = child;
    this.#resultMaxBytes = resultMaxBytes;
    this.#now = now;
    this.#onActivity = onActivity;
    child.once('exit', (code, signal) => {
      this.#exit = { code, signal };
      // The leader was just reaped: from now on its group id is free for reuse once the group
      // is empty, so prove that emptiness as early as possible (one signal 0, ESRCH).
      if (POSIX && sendSignal(-this.pid, 0) === 'gone') this.#groupEmptyAt = this.#now();
      onActivity();
    });
    child.once('close', () => {
      this.#closed = true;
      onActivity();
    });
    // A failed kill or a late spawn error arrives here; the exit and close events still decide.
    child.on('error', () => undefined);
    const stdout = child.stdout;
    if (stdout === null) {
      this.#stdoutEnded = true;
    } else {
      stdout.on('data', (chunk: Buffer) => this.#collect(chunk));
      stdout.once('close', () => {
        this.#stdoutEnded = true;
        onActivity();
      });
    }
  }

  /** SIGTERM to the child's process group (Windows: terminates the child). Idempotent. */
  requestStop(): Result<void, NativeProviderOperationError> {
    if (this.#stopSignalled) return ok();
    const sent = this.#signal('SIGTERM');
    if (sent.ok) this.#stopSignalled = true;
    return sent;
  }

  /** SIGKILL to the child's process group (Windows: terminates the child). Idempotent. */
  requestForceStop(): Result<void, NativeProviderOperationError> {
    if (this.#forceStopSignalled) return ok();
    const sent = this.#signal('SIGKILL');
    if (sent.ok) this.#forceStopSignalled = true;
    return sent;
  }

  /**
   * The exit, once the child has been reaped, no process of its group can run any more, and its
   * stdio has closed. Group members left behind by a child that exited are killed: they belong to
   * the finished operation. They are found in the process table and SIGKILLed one by one by
   * identity (pid + start time), never by group id: with the leader reaped, the id is free for
   * reuse as soon as the group empties. After a stop was signalled the output is not wanted: once
   * the group is proven gone the pipes are closed at once instead of waiting for them to drain.
   *
   * Every wait it cannot end by itself (leftovers still dying, pipes held by an escaped process)
   * schedules a re-check that calls the activity listener, so a host driven by `onActivity`
   * never has to poll.
   */
  tryWait(): Result<NativeProviderExit | null, NativeProviderOperationError> {
    if (this.#reported !== null) return ok(this.#reported);
    const exit = this.#exit;
    if (exit === null) return ok(null);
    if (this.#groupEmptyAt === null) {
      if (POSIX && this.#signalLeftovers('SIGKILL') === 'left') {
        this.#scheduleRecheck(this.#recheckDelay);
        this.#recheckDelay = Math.min(this.#recheckDelay * 2, KILL_DOMAIN_RECHECK_MAX);
        return ok(null);
      }
      this.#groupEmptyAt = this.#now();
    }
    if (!this.#closed) {
      const stopped = this.#stopSignalled || this.#forceStopSignalled;
      const waited = this.#now() - this.#groupEmptyAt;
      if (!stopped && waited < CHILD_PROCESS_STDIO_DRAIN_GRACE) {
        // Only a process outside the group can still hold our pipes: wait a while for output.
        this.#scheduleRecheck(CHILD_PROCESS_STDIO_DRAIN_GRACE - waited);
        return ok(null);
      }
      this.#destroyStdio();
    }
    this.#clearRecheck();
    this.#reported = { success: exit.code === 0 && exit.signal === null, code: exit.code };
    return ok(this.#reported);
  }

  /**
   * `pending` until the child's stdout has closed; then the decoded result document once (an
   * oversized or malformed one becomes a provider-contract-violation failure), `closed` after
   * that, or at once when the child wrote nothing.
   */
  tryPollResult(): Result<NativeProviderResultPoll, NativeProviderOperationError> {
    if (this.#resultTaken) return ok({ kind: 'closed' });
    if (!this.#stdoutEnded) return ok({ kind: 'pending' });
    this.#resultTaken = true;
    if (this.#stdoutBytes === 0) return ok({ kind: 'closed' });
    const bytes = this.#stdoutBytes > this.#resultMaxBytes ? null : Buffer.concat(this.#chunks);
    this.#chunks.length = 0;
    return ok({ kind: 'ready', observation: decodeProviderResult(bytes, this.#resultMaxBytes) });
  }

  /** Stdout bytes received so far (kept or not), for progress and diagnostics. */
  stdoutBytes(): number {
    return this.#stdoutBytes;
  }

  /** Fail-safe: SIGKILL to the group unless the exit was already proven. Idempotent. */
  dispose(): void {
    this.#clearRecheck();
    if (this.#reported !== null || this.#groupEmptyAt !== null) return;
    if (!POSIX) this.#child.kill('SIGKILL');
    else if (this.#exit !== null) this.#signalLeftovers('SIGKILL');
    else signalProcessGroup(this.pid, 'SIGKILL');
  }

  /**
   * After the leader's reap: sends `signal` to each process left in its group, by identity, and
   * says whether any is `left`. On `gone` the group is proven empty (recorded). Without `/proc`
   * the identities cannot be read and the group id is signalled, as the only way left.
   */
  #signalLeftovers(signal: NodeJS.Signals): 'gone' | 'left' {
    if (this.#groupEmptyAt !== null) return 'gone';
    const read = orphanedGroupMembers(this.pid);
    let left: boolean;
    if (read.kind === 'unsupported') {
      left = !processGroupGone(this.pid);
      if (left) signalProcessGroup(this.pid, signal);
    } else {
      left = read.members.length !== 0;
      for (const member of read.members) signalProcess(member, signal);
    }
    if (left) return 'left';
    this.#groupEmptyAt = this.#now();
    return 'gone';
  }

  #collect(chunk: Buffer): void {
    this.#stdoutBytes += chunk.length;
    // Past the limit the output is only counted, never kept; the child is not blocked.
    if (this.#stdoutBytes <= this.#resultMaxBytes) this.#chunks.push(chunk);
    else this.#chunks.length = 0;
  }

  #scheduleRecheck(delay: number): void {
    if (this.#recheck !== null) return;
    this.#recheck = setTimeout(() => {
      this.#recheck = null;
      this.#onActivity();
    }, delay);
  }

  #clearRecheck(): void {
    if (this.#recheck !== null) clearTimeout(this.#recheck);
    this.#recheck = null;
  }

  #destroyStdio(): void {
    for (const stream of [this.#child.stdin, this.#child.stdout, this.#child.stderr]) {
      stream?.destroy();
    }
  }

  #signal(signal: NodeJS.Signals): Result<void, NativeProviderOperationError> {
    // Once the group is proven empty its id may be reused: never signal it again.
    if (this.#reported !== null || this.#groupEmptyAt !== null) return ok();
    if (!POSIX) {
      if (this.#exit !== null) return ok();
      return this.#child.kill(signal)
        ? ok()
        : err(NativeProviderOperationError.of('signal-failed'));
    }
    // The leader is reaped: whatever is left is signalled by identity, never by group id.
    if (this.#exit !== null) {
      this.#signalLeftovers(signal);
      return ok();
    }
    switch (signalProcessGroup(this.pid, signal)) {
      case 'signalled':
      case 'gone':
        return ok();
      case 'permission-denied':
        return err(NativeProviderOperationError.of('signal-permission-denied'));
      case 'failed':
        return err(NativeProviderOperationError.of('signal-failed'));
    }
  }
}
