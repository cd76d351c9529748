// Renders BENCHMARKS.md: the table, the machine, the Node version, the date and how to rerun it.
import { formatNumber, formatSpread } from './format.js';
import { isSharedOrLoaded, type MachineInfo } from './machine.js';
import type { RowResult, ScenarioResult } from './run-suite.js';
import type { RunSize } from './scenario.js';

/** The command that reruns the suite (and, with `--only`, one row). */
export const RERUN_COMMAND = 'npx pnpm@10.34.9 bench';

/** How to install the nats-server the fleet rows need. */
export const NATS_INSTALL = 'node tooling/scripts/install/nats-server.mjs';

/** The header of the results table; the smoke test checks every row against it. */
export const TABLE_HEADER = '| metric | ours | anchor | ratio | goal | met? |';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function tableRow(result: RowResult): string {
  const { row } = result;
  const metric = `${row.metric} \`${row.id}\``;
  if (!result.ok) {
    return `| ${cell(metric)} | failed: ${cell(result.message.split('\n')[0] ?? '')} | ${cell(row.anchorLabel)} | — | ${cell(row.goal)} | no |`;
  }
  const digits = row.digits ?? 2;
  const ours = formatSpread(result.ours, row.unit, digits);
  const anchor =
    typeof result.anchor === 'number'
      ? `${formatNumber(result.anchor, digits)} ${row.unit} — ${'fixed' in row.anchor ? row.anchor.source : ''}`
      : `${formatSpread(result.anchor, row.unit, digits)} — ${row.anchorLabel}`;
  const ratio =
    row.ratio === 'difference'
      ? `${result.ratio >= 0 ? '+' : ''}${formatNumber(result.ratio, digits)} ${row.unit}`
      : `${formatNumber(result.ratio, 2)}×`;
  return `| ${cell(metric)} | ${cell(ours)} | ${cell(anchor)} | ${cell(ratio)} | ${cell(row.goal)} | ${result.met === null ? '—' : result.met ? 'yes' : 'no'} |`;
}

/** The inputs of one BENCHMARKS.md. */
export interface BenchmarksReport {
  readonly machine: MachineInfo;
  readonly size: RunSize;
  readonly runs: number;
  readonly results: readonly ScenarioResult[];
  readonly totalSeconds: number;
}

/** The whole BENCHMARKS.md text. */
export function benchmarksMarkdown(report: BenchmarksReport): string {
  const { machine } = report;
  const rows = report.results.flatMap((result) => result.rows);
  const met = rows.filter((row) => row.ok && row.met === true).length;
  const goals = rows.filter((row) => !row.ok || row.met !== null).length;
  const load = machine.loadAverage.map((value) => value.toFixed(2)).join(' / ');
  const runs = `${report.runs} run${report.runs === 1 ? '' : 's'} per part (${report.size} size)`;
  const lines = [
    '# Benchmarks',
    '',
    `Issue #14's table and issue #18's fleet rows, measured by \`${RERUN_COMMAND}\` (tooling/bench). Every row is measured`,
    'against its anchor in the same run. Each part of each scenario (ours, the anchor) runs in its',
    `own fresh Node process, ${runs}; the table shows the median and, in brackets,`,
    'the range over the runs. The ratio is ours ÷ anchor of the medians (ours − anchor where the',
    "anchor is about zero). The eight packages of the cold-import row are the issue's: types,",
    'tool-protocol, tool-engine, kernel, handle, runtime-native, agent-catalog, capability-catalog.',
    '',
  ];
  if (isSharedOrLoaded(machine)) {
    lines.push(
      `> These figures come from a shared${machine.loadAverage[0] >= machine.cores * 0.5 ? ', loaded' : ''} ${machine.cores}-core machine (load average ${load} at the start):`,
      '> absolute numbers are noisy; the ratios against the anchors measured in the same run are the figures to read.',
      '',
    );
  }
  lines.push(
    `${met} of ${goals} goals met. The whole run took ${Math.round(report.totalSeconds)} s.`,
    '',
    TABLE_HEADER,
    '|---|---|---|---|---|---|',
    ...rows.map(tableRow),
    '',
    '## Machine',
    '',
    '| | |',
    '|---|---|',
    `| CPU | ${cell(machine.cpuModel)} |`,
    `| cores | ${machine.cores} |`,
    `| memory | ${machine.memoryGiB.toFixed(1)} GiB |`,
    `| load average at start (1 / 5 / 15 min) | ${load} |`,
    `| Node | ${machine.node} (${machine.platform}) |`,
    `| date | ${machine.date} |`,
    `| commit | ${machine.commit ?? 'unknown'} |`,
    `| nats-server | ${machine.natsServer ?? `not installed (${NATS_INSTALL})`} |`,
    '',
    '## Scenarios',
    '',
    '| scenario | rows | time |',
    '|---|---|---|',
    ...report.results.map(
      (result) =>
        `| \`${result.scenario.id}\`: ${cell(result.scenario.title)} | ${result.rows.map((row) => `\`${row.row.id}\``).join(', ')} | ${Math.round(result.seconds)} s |`,
    ),
    '',
    '## Rerun it',
    '',
    '```sh',
    `${RERUN_COMMAND}                      # the whole suite, three runs per part; rewrites BENCHMARKS.md`,
    `${RERUN_COMMAND} --only revoke-p99    # one row (or one scenario id); prints its table`,
    `${RERUN_COMMAND} --quick              # one short run per row, for development; prints the table`,
    `${RERUN_COMMAND}:packages             # the packages' own vitest micro-benchmarks`,
    '```',
    '',
    '`--out <file>` writes the table to another file; `--runs <n>` changes the number of runs.',
    `The fleet rows (\`fleet-*\`) start a loopback 3-node nats-server cluster: install nats-server`,
    `first (\`${NATS_INSTALL}\`, or \`apt-get install nats-server\`); without it they fail and say so.`,
    'A new row is one file under `tooling/bench/src/scenarios/` (see `tooling/bench/README.md`).',
    '',
  );
  return lines.join('\n');
}
