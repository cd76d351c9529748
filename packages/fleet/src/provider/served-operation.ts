import {
  type NativeProviderExecutor,
  type NativeProviderExit,
  type NativeProviderOperation,
  ProviderCancellationFlag,
  ProviderCancellationToken,
  type ProviderInvocation,
} from '@gate4agent/handle';
import { CapabilityObservation } from '@gate4agent/tool-protocol';
import type { RegisterHostExitKill } from '../runtime-native-module.js';
import type { ForwardedInvocationSchema, ProviderState } from '../wire/provider-message.js';

type ForwardedInvocation = import('typebox').StaticDecode<typeof ForwardedInvocationSchema>;

const START_FAILED_EXIT: NativeProviderExit = { success: false, code: null };

/**
 * @internal One forwarded operation a provider host runs with its own local executor: the local
 * invocation (its cancellation flag set by the session host's `cancel` / `stop`), the local
 * operation, and what was seen of it (result, physical exit). A host-exit kill ends its processes
 * when the provider host exits.
 */
export class ServedOperation {
  readonly sessionHostId: string;
  readonly opId: string;
  /** `performance.now()` of the last time the session host named this operation. */
  lastSeen: number;
  #operation: NativeProviderOperation | null = null;
  readonly #flag = new ProviderCancellationFlag();
  #result: unknown = null;
  #closed = false;
  #exit: NativeProviderExit | null = null;
  #forced = false;
  #unregisterKill: (() => void) | null = null;
  /** The last state pushed to the session host (JSON), to push only changes. */
  pushed = '';

  constructor(
    sessionHostId: string,
    opId: string,
    executor: NativeProviderExecutor,
    fields: ForwardedInvocation,
    now: number,
    registerHostExitKill: RegisterHostExitKill,
  ) {
    this.sessionHostId = sessionHostId;
    this.opId = opId;
    this.lastSeen = now;
    const token = new ProviderCancellationToken(this.#flag);
    const invocation: ProviderInvocation = {
      bindingId: () => fields.bindingId,
      operationId: () => fields.operationId,
      requestKey: () => fields.requestKey,
      capabilityId: () => fields.capabilityId,
      deadlineTick: () => fields.deadlineTick,
      resourceScopeId: () => fields.resourceScopeId,
      payload: () => fields.payload,
      cancellationToken: () => token,
    };
    let started: ReturnType<NativeProviderExecutor['start']>;
    try {
      started = executor.start(invocation);
    } catch {
      started = {
        ok: false,
        error: { kind: 'unavailable', redactedMessage: 'provider executor threw on start' },
      };
    }
    if (!started.ok) {
      // Nothing runs: the failure is the result and the operation has ended.
      this.#result = CapabilityObservation.codec.encode(
        CapabilityObservation.failed(started.error),
      );
      this.#exit = START_FAILED_EXIT;
      return;
    }
    const operation = started.value;
    this.#operation = operation;
    this.#unregisterKill = registerHostExitKill(() => {
      operation.requestForceStop();
      operation.dispose?.();
    });
  }

  /** Whether every process of the operation has been reaped. */
  get exited(): boolean {
    return this.#exit !== null;
  }

  /** Sets the local cancellation flag (the session host's token was cancelled). */
  cancel(): void {
    this.#flag.cancel();
  }

  /** Cooperative stop, on the session host supervisor's request. */
  stop(): void {
    this.#flag.cancel();
    if (this.#exit === null) this.#operation?.requestStop();
  }

  /** Forced stop of everything the operation owns (once). */
  forceStop(): void {
    this.#flag.cancel();
    if (this.#exit !== null || this.#forced) return;
    this.#forced = true;
    this.#operation?.requestForceStop();
  }

  /** Polls the local operation's result and exit; returns whether anything changed. */
  check(): boolean {
    const operation = this.#operation;
    if (operation === null) return false;
    let changed = false;
    if (this.#result === null && !this.#closed) {
      const poll = operation.tryPollResult();
      if (!poll.ok || poll.value.kind === 'closed') {
        this.#closed = true;
        changed = true;
      } else if (poll.value.kind === 'ready') {
        try {
          this.#result = CapabilityObservation.codec.encode(poll.value.observation);
        } catch {
          // Not an observation: the session host's supervisor sees a closed channel.
          this.#closed = true;
        }
        changed = true;
      }
    }
    if (this.#exit === null) {
      const waited = operation.tryWait();
      if (waited.ok && waited.value !== null) {
        this.#exit = { success: waited.value.success, code: waited.value.code };
        this.#unregisterKill?.();
        this.#unregisterKill = null;
        changed = true;
      }
    }
    return changed;
  }

  /** The state the session host reads. */
  state(): ProviderState {
    return {
      opId: this.opId,
      known: true,
      result: this.#result,
      closed: this.#closed,
      exit: this.#exit,
    };
  }

  /** Fail-safe: kills what still runs, without waiting (the provider host is closing). */
  dispose(): void {
    this.forceStop();
    this.#operation?.dispose?.();
  }
}
