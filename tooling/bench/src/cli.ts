// `npx pnpm@10.34.9 bench [--quick] [--only <id>[,<id>…]] [--runs <n>] [--out <file>]`: runs the
// suite and prints the table; the full suite rewrites BENCHMARKS.md at the repository root.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { benchmarksMarkdown } from './benchmarks-markdown.js';
import { parseCliArgs, USAGE } from './cli-args.js';
import { readMachine } from './machine.js';
import { loadScenarios, runSuite } from './run-suite.js';
import { REPO_ROOT } from './workspace-packages.js';

async function main(argv: readonly string[]): Promise<number> {
  const args = parseCliArgs(argv);
  if (args.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (args.kind === 'invalid') {
    process.stderr.write(`bench: ${args.message}\n${USAGE}\n`);
    return 2;
  }
  const machine = readMachine(REPO_ROOT);
  const started = performance.now();
  const results = await runSuite(await loadScenarios(), {
    size: args.size,
    runs: args.runs,
    only: args.only,
    onProgress: (line) => process.stderr.write(`${line}\n`),
  });
  const markdown = benchmarksMarkdown({
    machine,
    size: args.size,
    runs: args.runs,
    results,
    totalSeconds: (performance.now() - started) / 1_000,
  });
  const out =
    args.out ??
    (args.size === 'full' && args.only.length === 0 ? join(REPO_ROOT, 'BENCHMARKS.md') : null);
  if (out !== null) writeFileSync(out, markdown);
  process.stdout.write(`${markdown}\n`);
  if (out !== null) process.stderr.write(`wrote ${out}\n`);
  const failed = results.flatMap((result) => result.rows).filter((row) => !row.ok);
  return failed.length === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `bench failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
