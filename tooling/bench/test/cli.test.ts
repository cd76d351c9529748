// The runner's smoke test (CI runs it; CI never runs the benchmarks): every scenario once with
// tiny sizes through the real command line, then the written table is checked row by row.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { TABLE_HEADER } from '../src/benchmarks-markdown.js';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const SCENARIOS = fileURLToPath(new URL('../dist/scenarios/', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'gate4agent-bench-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The cells of each row of the results table in `markdown`. */
function tableRows(markdown: string): string[][] {
  const lines = markdown.split('\n');
  const header = lines.indexOf(TABLE_HEADER);
  expect(header, 'the results table header').toBeGreaterThanOrEqual(0);
  expect(lines[header + 1]).toBe('|---|---|---|---|---|---|');
  const rows: string[][] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

const NUMBER = /^[+−-]?[\d,]+(\.\d+)?/;

describe('bench --smoke', () => {
  it('runs every scenario once and writes a table where every row has a number, an anchor and a ratio', async () => {
    const out = join(scratch, 'BENCHMARKS.md');
    const { stdout } = await run(process.execPath, [CLI, '--smoke', '--out', out], {
      timeout: 280_000,
      maxBuffer: 16 * 1_024 * 1_024,
    });
    const markdown = readFileSync(out, 'utf8');
    expect(stdout).toContain(TABLE_HEADER);

    const { loadScenarios } = await import('../src/run-suite.js');
    const scenarios = await loadScenarios(SCENARIOS);
    const expected = scenarios.flatMap(({ scenario }) => scenario.rows.map((row) => row.id));
    expect(expected.length).toBeGreaterThan(10);

    const rows = tableRows(markdown);
    expect(rows.map((cells) => /`([^`]+)`$/.exec(cells[0] ?? '')?.[1])).toEqual(expected);
    for (const cells of rows) {
      expect(cells, cells.join(' | ')).toHaveLength(6);
      const [metric, ours, anchor, ratio, goal, met] = cells;
      expect(ours, `${metric}: ours`).toMatch(NUMBER);
      expect(anchor, `${metric}: anchor`).toMatch(NUMBER);
      expect(anchor, `${metric}: anchor names what it is`).toMatch(/ — \S/);
      expect(ratio, `${metric}: ratio`).toMatch(NUMBER);
      expect(goal, `${metric}: goal`).not.toBe('');
      expect(['yes', 'no', '—'], `${metric}: met?`).toContain(met);
    }
    expect(markdown).toMatch(/\| CPU \| .+ \|/);
    expect(markdown).toMatch(/\| Node \| v\d+\.\d+\.\d+/);
    expect(markdown).toContain('npx pnpm@10.34.9 bench');
    // The fleet rows ran against a real nats-server; the file names its version and how to install it.
    expect(markdown).toMatch(/\| nats-server \| \d+\.\d+\.\d+ \|/);
    expect(markdown).toContain('node tooling/scripts/install/nats-server.mjs');
  });
});
