/** A one-way gate (upstream: an `AtomicBool` release flag) that code can poll or await. */
export interface Latch {
  /** Opens the latch; idempotent. */
  release(): void;
  isReleased(): boolean;
  /** Resolves once the latch is released (at once if it already is). */
  wait(): Promise<void>;
}

/** Creates a closed {@link Latch}. */
export function createLatch(): Latch {
  let released = false;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    release() {
      released = true;
      open();
    },
    isReleased: () => released,
    wait: () => opened,
  };
}
