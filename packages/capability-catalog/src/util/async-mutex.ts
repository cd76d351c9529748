/** Releases a held {@link AsyncMutex}; calling it twice is harmless. */
export type MutexRelease = () => void;

/**
 * A FIFO async lock. Ownership passes straight to the oldest waiter on release, so the order
 * in which callers queued is the order in which they run (the deterministic race tests rely on
 * it). `waiters` lists the labels of queued callers.
 */
export class AsyncMutex {
  #locked = false;
  readonly #queue: { label: string; grant: () => void }[] = [];

  /** Whether someone holds the lock. */
  get isLocked(): boolean {
    return this.#locked;
  }

  /** The labels of the callers waiting for the lock, oldest first. */
  get waiters(): readonly string[] {
    return this.#queue.map((w) => w.label);
  }

  /** Waits for the lock; resolves with its release function. */
  acquire(label = 'anonymous'): Promise<MutexRelease> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve(this.#releaser());
    }
    return new Promise<MutexRelease>((resolve) => {
      this.#queue.push({ label, grant: () => resolve(this.#releaser()) });
    });
  }

  /** Takes the lock only if it is free right now. */
  tryAcquire(): MutexRelease | null {
    if (this.#locked) return null;
    this.#locked = true;
    return this.#releaser();
  }

  #releaser(): MutexRelease {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#queue.shift();
      if (next === undefined) this.#locked = false;
      else next.grant();
    };
  }
}
