// What a scenario file exports: the parts it measures (each part runs in its own fresh child
// process) and the rows of the table it fills from their measurements.

/** How big a run is: the full suite, `--quick` (one short run per row), or the CI smoke test. */
export type RunSize = 'full' | 'quick' | 'smoke';

/** The numbers one run of one part reports, by name (a part may report several). */
export type Measurements = Readonly<Record<string, number>>;

/** A measured value: `part.key`, the median over the runs of that part's `key`. */
export interface MeasuredValue {
  readonly part: string;
  readonly key: string;
}

/** A figure that cannot be rerun here (the upstream Rust numbers), quoted as it stands. */
export interface FixedValue {
  readonly fixed: number;
  /** Where the figure comes from, shown in the anchor column. */
  readonly source: string;
}

/**
 * How a row's ratio is formed: `ours / anchor` for times and sizes, `ours / anchor` for
 * throughput alike (the goal text says which way is good), or `ours - anchor` where the anchor is
 * (near) zero and a quotient would mean nothing.
 */
export type RatioKind = 'quotient' | 'difference';

/** One row of the BENCHMARKS.md table. */
export interface BenchRow {
  /** Stable id, used by `--only`. */
  readonly id: string;
  /** The metric as the table names it. */
  readonly metric: string;
  readonly unit: string;
  readonly ours: MeasuredValue;
  /** What the row is compared with, measured in the same run or quoted. */
  readonly anchor: MeasuredValue | FixedValue;
  /** The anchor's name in the table ("raw spawn + exit", "node -e 0", …). */
  readonly anchorLabel: string;
  readonly ratio: RatioKind;
  /** The goal as the issue states it. */
  readonly goal: string;
  /** Whether the goal is met, from the medians and the ratio; null where the issue sets no goal. */
  readonly met: (ours: number, anchor: number, ratio: number) => boolean | null;
  /** How many decimals to print (default 2). */
  readonly digits?: number;
}

/** A scenario: one file under `src/scenarios/`, found by the runner without any registration. */
export interface Scenario {
  /** Stable id, used by `--only` and as the child's argument. */
  readonly id: string;
  readonly title: string;
  /** The parts, each run in a fresh child process per run (so peak RSS and heap stay apart). */
  readonly parts: readonly string[];
  readonly rows: readonly BenchRow[];
  /** Runs one part once at `size` and returns its measurements. */
  run(part: string, size: RunSize): Promise<Measurements>;
  /** The longest one part may take at `size` before the runner stops it (ms). */
  readonly timeoutMs?: number;
  /** Where its rows go in the table (ascending; the row order); default last. */
  readonly order?: number;
}

/** A quick check that a loaded module is a scenario, with a message naming the file otherwise. */
export function assertScenario(value: unknown, file: string): asserts value is Scenario {
  const candidate = value as Partial<Scenario> | undefined;
  if (
    candidate === undefined ||
    typeof candidate.id !== 'string' ||
    !Array.isArray(candidate.parts) ||
    !Array.isArray(candidate.rows) ||
    typeof candidate.run !== 'function'
  ) {
    throw new Error(
      `${file} does not export a scenario as its default export; export default an object with id, parts, rows and run (see src/scenario.ts)`,
    );
  }
}
