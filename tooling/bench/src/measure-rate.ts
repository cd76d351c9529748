// Operations per second of a synchronous step, through tinybench (the harness vitest bench uses):
// it warms the function up, then times it for a fixed wall time and reports the mean rate.
import { Bench } from 'tinybench';
import type { RunSize } from './scenario.js';

/** Warm-up and measuring time per size (ms). */
const TIMES: Record<RunSize, { warmupTime: number; time: number }> = {
  full: { warmupTime: 500, time: 3_000 },
  quick: { warmupTime: 200, time: 1_000 },
  smoke: { warmupTime: 20, time: 100 },
};

/** The timing of a step: calls per second and the mean and p99 time of one call (ms). */
export interface StepRate {
  readonly hz: number;
  readonly meanMs: number;
  readonly p99Ms: number;
}

/** Times `step` with tinybench at `size` and returns its rate. */
export async function measureRate(step: () => void, size: RunSize): Promise<StepRate> {
  const bench = new Bench({ ...TIMES[size], iterations: 10 });
  bench.add('step', step);
  await bench.warmup();
  await bench.run();
  const result = bench.tasks[0]?.result;
  if (result === undefined || result.error !== undefined) {
    throw result?.error ?? new Error('tinybench returned no result for the step');
  }
  return { hz: result.hz, meanMs: result.mean, p99Ms: result.p99 };
}
