// The runner's command line.
import { parseArgs } from 'node:util';
import type { RunSize } from './scenario.js';

/** The usage text printed by `--help` and after a bad argument. */
export const USAGE = `usage: npx pnpm@10.34.9 bench [options]
  (no options)        every row, three runs per part; rewrites BENCHMARKS.md
  --quick             one short run per row, for development; prints the table only
  --only <ids>        only these rows or scenarios (comma-separated ids); prints the table only
  --runs <n>          runs per part (default 3, or 1 with --quick)
  --out <file>        write the markdown here (also for --quick and --only)
  --smoke             tiny sizes, one run: the runner's own CI smoke test`;

/** What the command line asks for. */
export type CliArgs =
  | {
      readonly kind: 'run';
      readonly size: RunSize;
      readonly runs: number;
      readonly only: readonly string[];
      readonly out: string | null;
    }
  | { readonly kind: 'help' }
  | { readonly kind: 'invalid'; readonly message: string };

/** Parses `argv` (without node and the script); a bad argument becomes `invalid` with a reason. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv.filter((arg) => arg !== '--'));
  } catch (error) {
    return { kind: 'invalid', message: error instanceof Error ? error.message : String(error) };
  }
  const { values } = parsed;
  if (values.help === true) return { kind: 'help' };
  if (values.quick === true && values.smoke === true) {
    return { kind: 'invalid', message: '--quick and --smoke cannot be combined; pick one' };
  }
  const size: RunSize = values.smoke === true ? 'smoke' : values.quick === true ? 'quick' : 'full';
  let runs = size === 'full' ? 3 : 1;
  if (values.runs !== undefined) {
    runs = Number(values.runs);
    if (!Number.isInteger(runs) || runs < 1 || runs > 50) {
      return {
        kind: 'invalid',
        message: `--runs must be a whole number from 1 to 50; got "${values.runs}"`,
      };
    }
  }
  const only = (values.only ?? [])
    .flatMap((entry) => entry.split(','))
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
  return { kind: 'run', size, runs, only, out: values.out ?? null };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean' },
      smoke: { type: 'boolean' },
      only: { type: 'string', multiple: true },
      runs: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
}
