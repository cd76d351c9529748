import { HOST_TICK_INTERVAL } from '../constants.js';
import { MIN_TIMED_DELAY } from './host-driver.js';

/** What {@link DriverSchedule} reads from its runtime. */
export interface DriverScheduleSources {
  /** The runtime's monotonic clock, in milliseconds. */
  readonly now: () => number;
  /** Whether worker observations or ingress wait for the kernel (or were left over by a tick). */
  readonly pendingInput: () => boolean;
  /** How many tool requests are open in the kernel. */
  readonly openToolRequests: () => number;
  /** How long the provider supervisors may wait before their next pass (see `NativeProviders`). */
  readonly providerDelay: (now: number) => number | null;
}

/**
 * When the host driver of a `NativeRuntime` steps, and whether a step must step the kernel.
 *
 * The kernel has work when ingress or worker observations wait, and its clock is due
 * {@link HOST_TICK_INTERVAL} after its last step while a tool request is open: tool deadlines
 * count kernel ticks (runtime-native §17.4), so an open request, even one that only waits for
 * approval, keeps the clock moving. Everything else the driver is woken or timed for (executor
 * activity, stop-grace and exit-proof deadlines, polled operations, a ready result to submit) is
 * the provider supervisors' alone and needs no kernel step.
 */
export class DriverSchedule {
  readonly #sources: DriverScheduleSources;
  /** Clock reading of the last kernel step; `null` before the first. */
  #kernelSteppedAt: number | null = null;

  constructor(sources: DriverScheduleSources) {
    this.#sources = sources;
  }

  /** Records a kernel step (every `tick()`, by the driver or by hand). */
  kernelStepped(): void {
    this.#kernelSteppedAt = this.#sources.now();
  }

  /** Whether the next driver step must be a full tick rather than a pass of the supervisors. */
  kernelDue(): boolean {
    if (this.#kernelSteppedAt === null || this.#sources.pendingInput()) return true;
    return this.#toolClockDelay() === 0;
  }

  /**
   * How long the driver may wait for its next step when nothing wakes it: `0` while input is left
   * over, the tool clock's or the providers' delay, whichever is sooner, or `null` for never.
   */
  nextDelay(): number | null {
    if (this.#sources.pendingInput()) return 0;
    const toolDelay = this.#toolClockDelay();
    const providerDelay = this.#sources.providerDelay(this.#sources.now());
    if (toolDelay === null) return providerDelay;
    return providerDelay === null ? toolDelay : Math.min(toolDelay, providerDelay);
  }

  // Until an open tool request needs the kernel clock to advance; `null` with none open. The
  // clock is a cadence, not a deadline: under a timer's resolution away (or when a timer fired a
  // little early) it is due now, instead of passes spinning on the next loop turns until it is.
  #toolClockDelay(): number | null {
    if (this.#sources.openToolRequests() === 0) return null;
    if (this.#kernelSteppedAt === null) return 0;
    const delay = this.#kernelSteppedAt + HOST_TICK_INTERVAL - this.#sources.now();
    return delay < MIN_TIMED_DELAY ? 0 : delay;
  }
}
