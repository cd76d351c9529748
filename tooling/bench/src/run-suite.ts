// Finds the scenario files, runs every part of each in fresh child processes, and turns the
// measurements into table rows: medians, spreads, ratios and whether each goal is met.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type PartResult, runChild } from './run-child.js';
import { assertScenario, type BenchRow, type RunSize, type Scenario } from './scenario.js';
import { type Summary, summarize } from './stats.js';

/** Where the built scenario files are: one file per scenario, found without registration. */
export const SCENARIO_DIRECTORY = fileURLToPath(new URL('./scenarios/', import.meta.url));

const DEFAULT_TIMEOUT_MS: Record<RunSize, number> = {
  full: 180_000,
  quick: 90_000,
  smoke: 45_000,
};

/** A scenario and the file it was loaded from. */
export interface ScenarioFile {
  readonly file: string;
  readonly scenario: Scenario;
}

/** Every scenario under `directory`, in table order (then by id). */
export async function loadScenarios(directory = SCENARIO_DIRECTORY): Promise<ScenarioFile[]> {
  const files = readdirSync(directory)
    .filter((name) => name.endsWith('.js'))
    .sort();
  const loaded: ScenarioFile[] = [];
  for (const name of files) {
    const file = join(directory, name);
    const scenario: unknown = (await import(pathToFileURL(file).href)).default;
    assertScenario(scenario, file);
    loaded.push({ file, scenario });
  }
  const rank = ({ scenario }: ScenarioFile) => scenario.order ?? Number.MAX_SAFE_INTEGER;
  return loaded.sort((a, b) => rank(a) - rank(b) || a.scenario.id.localeCompare(b.scenario.id));
}

/** A row once measured: the summaries of ours and the anchor, the ratio and the verdict. */
export type RowResult =
  | {
      readonly ok: true;
      readonly row: BenchRow;
      readonly ours: Summary;
      /** A summary for a measured anchor; the quoted figure for a fixed one. */
      readonly anchor: Summary | number;
      readonly ratio: number;
      readonly met: boolean | null;
    }
  | { readonly ok: false; readonly row: BenchRow; readonly message: string };

/** One scenario's rows, and how long all its runs took. */
export interface ScenarioResult {
  readonly scenario: Scenario;
  readonly rows: readonly RowResult[];
  readonly seconds: number;
}

/** How to run the suite. */
export interface SuiteOptions {
  readonly size: RunSize;
  readonly runs: number;
  /** Scenario or row ids; empty runs everything. */
  readonly only: readonly string[];
  /** Called as each part run ends (progress output). */
  readonly onProgress?: (line: string) => void;
}

/** The scenarios that `only` selects: those named, or those holding a named row. */
export function selectScenarios(
  all: readonly ScenarioFile[],
  only: readonly string[],
): ScenarioFile[] {
  if (only.length === 0) return [...all];
  const selected = all.filter(
    ({ scenario }) =>
      only.includes(scenario.id) || scenario.rows.some((row) => only.includes(row.id)),
  );
  const known = all.flatMap(({ scenario }) => [scenario.id, ...scenario.rows.map((r) => r.id)]);
  const unknown = only.filter((id) => !known.includes(id));
  if (unknown.length > 0) {
    throw new Error(
      `no scenario or row is called ${unknown.join(', ')}; known ids: ${known.join(', ')}`,
    );
  }
  return selected;
}

/** Runs every selected scenario `runs` times, each part in a fresh process, in order. */
export async function runSuite(
  all: readonly ScenarioFile[],
  options: SuiteOptions,
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const { file, scenario } of selectScenarios(all, options.only)) {
    const started = performance.now();
    const runsByPart = new Map<string, PartResult[]>();
    for (let run = 1; run <= options.runs; run += 1) {
      for (const part of scenario.parts) {
        const timeout = scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS[options.size];
        const result = await runChild(file, part, options.size, timeout);
        runsByPart.set(part, [...(runsByPart.get(part) ?? []), result]);
        options.onProgress?.(
          `${scenario.id}/${part} run ${run}/${options.runs}: ${
            result.ok ? describe(result.measurements) : `FAILED ${result.message.split('\n')[0]}`
          }`,
        );
      }
    }
    const rows = scenario.rows
      .filter(
        (row) =>
          options.only.length === 0 ||
          options.only.includes(row.id) ||
          options.only.includes(scenario.id),
      )
      .map((row) => rowResult(row, runsByPart));
    results.push({ scenario, rows, seconds: (performance.now() - started) / 1_000 });
  }
  return results;
}

function describe(measurements: Readonly<Record<string, number>>): string {
  return Object.entries(measurements)
    .map(([key, value]) => `${key}=${Number(value.toPrecision(4))}`)
    .join(' ');
}

function values(
  runsByPart: ReadonlyMap<string, PartResult[]>,
  part: string,
  key: string,
): number[] | string {
  const runs = runsByPart.get(part);
  if (runs === undefined) return `part ${part} was not run`;
  const failed = runs.find((run) => !run.ok);
  if (failed !== undefined && !failed.ok) return `part ${part} failed: ${failed.message}`;
  const found = runs.map((run) => (run.ok ? run.measurements[key] : undefined));
  if (found.some((value) => value === undefined)) return `part ${part} reported no ${key}`;
  return found as number[];
}

/** Medians, spreads, the ratio and the verdict of one row. */
export function rowResult(row: BenchRow, runsByPart: ReadonlyMap<string, PartResult[]>): RowResult {
  const ours = values(runsByPart, row.ours.part, row.ours.key);
  if (typeof ours === 'string') return { ok: false, row, message: ours };
  let anchor: Summary | number;
  if ('fixed' in row.anchor) {
    anchor = row.anchor.fixed;
  } else {
    const measured = values(runsByPart, row.anchor.part, row.anchor.key);
    if (typeof measured === 'string') return { ok: false, row, message: measured };
    anchor = summarize(measured);
  }
  const oursSummary = summarize(ours);
  const anchorValue = typeof anchor === 'number' ? anchor : anchor.median;
  const ratio =
    row.ratio === 'difference'
      ? oursSummary.median - anchorValue
      : anchorValue === 0
        ? Number.POSITIVE_INFINITY
        : oursSummary.median / anchorValue;
  return {
    ok: true,
    row,
    ours: oursSummary,
    anchor,
    ratio,
    met: row.met(oursSummary.median, anchorValue, ratio),
  };
}
