/** A promise with its resolve and reject functions exposed. */
export interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
  /** Whether `resolve` or `reject` has been called. */
  readonly settled: boolean;
}

/** Creates a {@link Deferred}. */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  let settled = false;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return {
    promise,
    resolve(value) {
      settled = true;
      resolve(value);
    },
    reject(reason) {
      settled = true;
      reject(reason);
    },
    get settled() {
      return settled;
    },
  };
}
