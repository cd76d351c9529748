/**
 * A counting signal for tests (the reference's `Semaphore` used as a latch): `signal()` adds a
 * permit, `wait()` takes one, failing after `timeoutMs` so a broken test cannot hang.
 */
export class Latch {
  #permits = 0;
  readonly #waiters: (() => void)[] = [];

  /** Adds `count` permits, waking waiters in FIFO order. */
  signal(count = 1): void {
    for (let i = 0; i < count; i += 1) {
      const waiter = this.#waiters.shift();
      if (waiter === undefined) this.#permits += 1;
      else waiter();
    }
  }

  /** The permits not yet taken. */
  get permits(): number {
    return this.#permits;
  }

  /** Takes one permit, waiting for it at most `timeoutMs` (default 5 s). */
  wait(timeoutMs = 5_000): Promise<void> {
    if (this.#permits > 0) {
      this.#permits -= 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = (): void => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.#waiters.indexOf(waiter);
        if (index >= 0) this.#waiters.splice(index, 1);
        reject(new Error(`latch was not signalled within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#waiters.push(waiter);
    });
  }
}

/** Polls `condition` on each macrotask until it holds, failing after `timeoutMs`. */
export async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > timeoutMs) {
      throw new Error(`condition did not hold within ${timeoutMs} ms`);
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
