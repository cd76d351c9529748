import type {
  NativeProviderExit,
  NativeProviderOperation,
  NativeProviderOperationError,
  NativeProviderResultPoll,
  ProviderInvocation,
} from '@gate4agent/handle';
import { CapabilityObservation } from '@gate4agent/tool-protocol';
import { ok, type Result } from '@gate4agent/types';
import type { ProviderState } from '../wire/provider-message.js';

const LOST_EXIT: NativeProviderExit = { success: false, code: null };

/** @internal What a forwarded operation asks of its executor. */
export interface ForwardedOperationLink {
  /** Sends `stop`, `force-stop` or `cancel` for `opId` (retried until answered or ended). */
  send(op: 'cancel' | 'stop' | 'force-stop', opId: string): void;
  /** Called once the operation has its exit (it needs no more polling). */
  ended(opId: string): void;
  /** Something changed: the runtime should tick. */
  activity(): void;
}

/**
 * @internal One operation of a session host whose process runs on a provider host. Every method is
 * synchronous: the state is what the provider host last reported (pushed, or answered to a poll),
 * so `tryWait` reports the exit only after the provider host reaped the operation — or once, with
 * a `host-lost` failure, when the provider host was lost first.
 */
export class ForwardedOperation implements NativeProviderOperation {
  readonly opId: string;
  readonly invocation: ProviderInvocation;
  /** Whether the provider host confirmed the start (a later `known: false` means it forgot it). */
  started = false;
  /** Whether the cancellation token's `cancel` was sent. */
  cancelSent = false;
  /** The `host-lost` message when the provider host was lost before the exit. */
  lostMessage: string | null = null;
  readonly #link: ForwardedOperationLink;
  #result: CapabilityObservation | null = null;
  #closed = false;
  #exit: NativeProviderExit | null = null;
  #stopSent = false;
  #forceSent = false;

  constructor(link: ForwardedOperationLink, opId: string, invocation: ProviderInvocation) {
    this.#link = link;
    this.opId = opId;
    this.invocation = invocation;
  }

  /** Whether the exit is known. */
  get ended(): boolean {
    return this.#exit !== null;
  }

  /** Applies what the provider host reported; returns the error text of a bad report, if any. */
  apply(state: ProviderState): string | null {
    if (this.#exit !== null) return null;
    if (!state.known) return null;
    this.started = true;
    let problem: string | null = null;
    if (this.#result === null && !this.#closed) {
      if (state.result !== null) {
        const observation = CapabilityObservation.codec.decode(state.result);
        if (observation.ok) this.#result = observation.value;
        else {
          this.#closed = true;
          problem = observation.error.message;
        }
      } else if (state.closed) {
        this.#closed = true;
      }
    }
    if (state.exit !== null) this.#finish(state.exit);
    this.#link.activity();
    return problem;
  }

  /**
   * Ends the operation with a `host-lost` failure (the provider host stopped answering or forgot
   * the operation): exactly once, and never after the provider host's own exit.
   */
  lose(message: string): void {
    if (this.#exit !== null) return;
    this.lostMessage = message;
    if (this.#result === null) {
      this.#result = CapabilityObservation.failed({
        kind: 'unavailable',
        redactedMessage: message,
      });
    }
    this.#finish(LOST_EXIT);
    this.#link.activity();
  }

  requestStop(): Result<void, NativeProviderOperationError> {
    if (this.#exit === null && !this.#stopSent) {
      this.#stopSent = true;
      this.#link.send('stop', this.opId);
    }
    return ok();
  }

  requestForceStop(): Result<void, NativeProviderOperationError> {
    if (this.#exit === null && !this.#forceSent) {
      this.#forceSent = true;
      this.#link.send('force-stop', this.opId);
    }
    return ok();
  }

  tryWait(): Result<NativeProviderExit | null, NativeProviderOperationError> {
    return ok(this.#exit);
  }

  tryPollResult(): Result<NativeProviderResultPoll, NativeProviderOperationError> {
    if (this.#result !== null) return ok({ kind: 'ready', observation: this.#result });
    return ok(this.#closed ? { kind: 'closed' } : { kind: 'pending' });
  }

  /** Fail-safe: asks the provider host to force-stop (no wait). */
  dispose(): void {
    this.requestForceStop();
  }

  #finish(exit: NativeProviderExit): void {
    this.#exit = { success: exit.success, code: exit.code };
    this.#link.ended(this.opId);
  }
}
