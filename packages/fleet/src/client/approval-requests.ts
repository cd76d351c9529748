import type { CapabilityRequestSnapshot } from '@gate4agent/tool-protocol';

/**
 * @internal What one approval iteration hears: a new request, a request of one of your tool
 * clients that completed (it awaits approval no longer), or the end of its source (the host was
 * lost, the fleet client was disposed) with the error the iteration ends with.
 */
export type ApprovalNotice =
  | { readonly kind: 'request'; readonly request: CapabilityRequestSnapshot }
  | { readonly kind: 'settled'; readonly consumerId: string; readonly localId: number }
  | { readonly kind: 'end'; readonly error: Error };

/** The identity of a request without its accepted sequence (what a completion names). */
const requestId = (consumerId: string, localId: number): string => `${consumerId} ${localId}`;

/** @internal The listeners of one host's approval notices; each returns its unsubscribe. */
export type ApprovalListen = (listener: (notice: ApprovalNotice) => void) => () => void;

type Waiter = {
  resolve: (result: IteratorResult<CapabilityRequestSnapshot>) => void;
  reject: (error: unknown) => void;
};

/**
 * The requests of your tool clients on one host that await approval, as an async iterator
 * (`FleetToolAuthority.approvalRequests`): first those `pendingApprovals()` lists, then each one
 * that enters `awaiting-approval` later, each request once. It listens from before the list is
 * read, so nothing falls between the two. Aborting the signal ends it with `signal.reason`; the
 * loss of the host ends it with the `host-lost` error, disposing the fleet client with `disposed`;
 * `return()` (a `break`) or
 * `Symbol.asyncDispose` ends it quietly. Ending removes its listener. It remembers the requests
 * it yielded only while they are pending: a completion forgets them, so a long iteration holds no
 * more than the host has waiting.
 */
export class ApprovalRequests
  implements AsyncIterableIterator<CapabilityRequestSnapshot>, AsyncDisposable
{
  readonly #signal: AbortSignal | undefined;
  readonly #queue: CapabilityRequestSnapshot[] = [];
  /** The accepted sequences offered, by request id, of the requests not completed yet. */
  readonly #seen = new Map<string, Set<number>>();
  /** Notices that arrived before the pending list did (applied after it, for the order). */
  #early: CapabilityRequestSnapshot[] | null = [];
  /** Requests that completed before the pending list arrived (it may still list them). */
  readonly #settledEarly = new Set<string>();
  #waiter: Waiter | null = null;
  #error: { readonly reason: unknown } | null = null;
  #done = false;
  #unlisten: (() => void) | null = null;

  /** @internal built by `FleetToolAuthority.approvalRequests`. */
  constructor(
    listen: ApprovalListen,
    pending: () => Promise<CapabilityRequestSnapshot[]>,
    signal: AbortSignal | undefined,
  ) {
    this.#signal = signal;
    if (signal?.aborted) {
      this.#end({ reason: signal.reason });
      return;
    }
    signal?.addEventListener('abort', this.#onAbort, { once: true });
    this.#unlisten = listen((notice) => {
      if (notice.kind === 'end') this.#end({ reason: notice.error });
      else if (notice.kind === 'settled') this.#settle(notice.consumerId, notice.localId);
      else if (this.#early !== null) this.#early.push(notice.request);
      else this.#offer(notice.request);
    });
    if (this.#done) return;
    pending().then(
      (requests) => {
        const early = this.#early ?? [];
        this.#early = null;
        const settled = (request: CapabilityRequestSnapshot) =>
          this.#settledEarly.has(requestId(request.key.consumerId, request.key.localId));
        for (const request of requests) if (!settled(request)) this.#offer(request);
        this.#settledEarly.clear();
        for (const request of early) this.#offer(request);
      },
      (error: unknown) => this.#end({ reason: error }),
    );
  }

  /** The next request awaiting approval; waits for one when none is queued. */
  next(): Promise<IteratorResult<CapabilityRequestSnapshot>> {
    const request = this.#queue.shift();
    if (request !== undefined) return Promise.resolve({ done: false, value: request });
    if (this.#error !== null) {
      const { reason } = this.#error;
      this.#error = null;
      return Promise.reject(reason);
    }
    if (this.#done) return Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }

  /** Ends the iteration and removes its listener (what `break` in `for await` calls). */
  return(): Promise<IteratorResult<CapabilityRequestSnapshot>> {
    this.#end(null);
    this.#queue.length = 0;
    return Promise.resolve({ done: true, value: undefined });
  }

  /** @internal How many requests it remembers having offered (those not completed yet). */
  get rememberedCount(): number {
    let count = 0;
    for (const sequences of this.#seen.values()) count += sequences.size;
    return count;
  }

  /** This iterator. */
  [Symbol.asyncIterator](): this {
    return this;
  }

  /** Same as {@link return}, for `await using`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.return();
  }

  readonly #onAbort = (): void => {
    this.#end({ reason: this.#signal?.reason });
  };

  #offer(request: CapabilityRequestSnapshot): void {
    if (this.#done) return;
    const id = requestId(request.key.consumerId, request.key.localId);
    let sequences = this.#seen.get(id);
    if (sequences?.has(request.acceptedSequence)) return;
    if (sequences === undefined) {
      sequences = new Set();
      this.#seen.set(id, sequences);
    }
    sequences.add(request.acceptedSequence);
    const waiter = this.#waiter;
    this.#waiter = null;
    if (waiter !== null) waiter.resolve({ done: false, value: request });
    else this.#queue.push(request);
  }

  /** A request completed: it is pending no more, so it need not be remembered. */
  #settle(consumerId: string, localId: number): void {
    const id = requestId(consumerId, localId);
    if (this.#early !== null) this.#settledEarly.add(id);
    this.#seen.delete(id);
  }

  #end(error: { readonly reason: unknown } | null): void {
    if (this.#done) return;
    this.#done = true;
    this.#unlisten?.();
    this.#unlisten = null;
    this.#signal?.removeEventListener('abort', this.#onAbort);
    this.#seen.clear();
    this.#settledEarly.clear();
    const waiter = this.#waiter;
    this.#waiter = null;
    if (error !== null && waiter !== null) waiter.reject(error.reason);
    else if (error !== null) {
      this.#queue.length = 0;
      this.#error = error;
    } else waiter?.resolve({ done: true, value: undefined });
  }
}
