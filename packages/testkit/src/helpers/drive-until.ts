import { setTimeout as delay } from 'node:timers/promises';
import { DRIVE_INTERVAL, FIXTURE_TIMEOUT } from '../constants.js';

/** Options of {@link driveUntil}. */
export interface DriveUntilOptions {
  /** Give up after this long (real time). Default `FIXTURE_TIMEOUT` (15 s). */
  readonly timeoutMs?: number;
  /** Real sleep between rounds, so child `exit` events and I/O get processed. Default 10 ms. */
  readonly intervalMs?: number;
  /** Called before each predicate check, for example `() => runtime.tick()`. */
  readonly tick?: () => unknown;
  /** Error message on timeout. Default upstream's `controlled native provider E2E timeout`. */
  readonly message?: string;
}

/**
 * Alternates `await tick()`, `predicate()` and a real timer sleep until the predicate holds;
 * throws when `timeoutMs` passes first. A test helper, so failure is an exception.
 */
export async function driveUntil(
  predicate: () => boolean | Promise<boolean>,
  options: DriveUntilOptions = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? FIXTURE_TIMEOUT;
  const intervalMs = options.intervalMs ?? DRIVE_INTERVAL;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    await options.tick?.();
    if (await predicate()) return;
    if (performance.now() >= deadline) {
      throw new Error(options.message ?? 'controlled native provider E2E timeout');
    }
    await delay(intervalMs);
  }
}
