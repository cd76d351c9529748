/** The rejection reason of {@link raceAbort} when the signal wins. */
export const ABORTED: unique symbol = Symbol('aborted');

/** The value of {@link raceAbort}: the promise's outcome, or that the signal won. */
export type RaceOutcome<T> =
  | { readonly kind: 'value'; readonly value: T }
  | { readonly kind: 'thrown'; readonly thrown: unknown }
  | { readonly kind: 'aborted' };

/**
 * Races `promise` against `signal`, the signal first: an already aborted signal wins without
 * awaiting. JavaScript cannot drop the loser, so `onAbandoned` receives the promise's eventual
 * value when the signal won (for releasing what it produced); a late rejection is swallowed.
 */
export function raceAbort<T>(
  promise: Promise<T>,
  signal: AbortSignal,
  onAbandoned: (value: T) => void,
): Promise<RaceOutcome<T>> {
  let abandoned = false;
  const settle = promise.then(
    (value) => {
      if (abandoned) onAbandoned(value);
      return { kind: 'value', value } as const;
    },
    (thrown: unknown) => ({ kind: 'thrown', thrown }) as const,
  );
  if (signal.aborted) {
    abandoned = true;
    return Promise.resolve({ kind: 'aborted' });
  }
  return new Promise<RaceOutcome<T>>((resolve) => {
    const onAbort = (): void => {
      abandoned = true;
      resolve({ kind: 'aborted' });
    };
    signal.addEventListener('abort', onAbort, { once: true });
    void settle.then((outcome) => {
      signal.removeEventListener('abort', onAbort);
      if (!abandoned) resolve(outcome);
    });
  });
}

/** A controller that also aborts when any parent aborts; `dispose()` unhooks it from them. */
export interface LinkedAbortController {
  readonly signal: AbortSignal;
  abort(): void;
  dispose(): void;
}

/**
 * A child cancellation: it aborts when any of `parents` aborts, while aborting it leaves the
 * parents alone. Its listeners are removed on `dispose()` so many Runs do not leak them.
 */
export function linkSignals(
  ...parents: readonly (AbortSignal | undefined)[]
): LinkedAbortController {
  const controller = new AbortController();
  const hooked: AbortSignal[] = [];
  const onAbort = (): void => controller.abort();
  for (const parent of parents) {
    if (parent === undefined) continue;
    if (parent.aborted) {
      controller.abort();
      continue;
    }
    parent.addEventListener('abort', onAbort, { once: true });
    hooked.push(parent);
  }
  const dispose = (): void => {
    for (const parent of hooked.splice(0)) parent.removeEventListener('abort', onAbort);
  };
  controller.signal.addEventListener('abort', dispose, { once: true });
  return {
    signal: controller.signal,
    abort: () => controller.abort(),
    dispose,
  };
}
