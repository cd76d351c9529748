// Issue #14 row "cold import() of one package … all eight": each published package's main entry,
// and the issue's eight together, imported by a fresh `node -e` process that then reports its own
// total CPU time (process.cpuUsage: Node's start-up included). The anchor is the same `node -e`
// importing nothing. A second fresh process with a module `load` hook counts the module files
// each import loads (and, for the eight together, how many of them are TypeBox's).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { BenchRow, RunSize, Scenario } from '../scenario.js';
import { ISSUE_PACKAGES, publishedPackages } from '../workspace-packages.js';

const run = promisify(execFile);
const HOOKS_URL = new URL('../count-modules-hooks.js', import.meta.url).href;
const ANCHOR = 'node-e';
const ALL = 'all-eight';
const packages = publishedPackages();

const CPU_PROBE = [
  'for (const url of process.argv.slice(1)) await import(url);',
  'const { user, system } = process.cpuUsage();',
  'process.stdout.write(JSON.stringify({ cpuSeconds: (user + system) / 1e6 }));',
].join('\n');

const COUNT_PROBE = [
  "import { register } from 'node:module';",
  "import { MessageChannel } from 'node:worker_threads';",
  'const [hooks, ...urls] = process.argv.slice(1);',
  'const { port1, port2 } = new MessageChannel();',
  'const seen = new Set();',
  "port1.on('message', (url) => seen.add(url));",
  'register(hooks, { data: { port: port2 }, transferList: [port2] });',
  'for (const url of urls) await import(url);',
  'await new Promise((resolve) => setTimeout(resolve, 100));',
  'port1.close();',
  "const files = [...seen].filter((url) => url.startsWith('file:'));",
  "const typebox = files.filter((url) => url.includes('/typebox/')).length;",
  'const { user, system } = process.cpuUsage();',
  'const cpuSeconds = (user + system) / 1e6;',
  'process.stdout.write(JSON.stringify({ modules: files.length, typeboxModules: typebox, cpuSeconds }));',
].join('\n');

async function probe(code: string, args: readonly string[]): Promise<Record<string, number>> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', code, ...args], {
    timeout: 60_000,
    maxBuffer: 1_024 * 1_024,
  });
  return JSON.parse(stdout) as Record<string, number>;
}

/**
 * The entries `part` imports. The smoke test checks the runner, not the figures: there every part
 * imports the lightest package (`process`), so the whole smoke run stays within its budget.
 */
function urlsOf(part: string, size: RunSize): string[] {
  if (part === ANCHOR) return [];
  if (size === 'smoke') return urlsOf('process', 'full');
  const folders: readonly string[] = part === ALL ? ISSUE_PACKAGES : [part];
  return folders.map((folder) => {
    const found = packages.find((candidate) => candidate.folder === folder);
    if (found === undefined) {
      throw new Error(`no published package in packages/${folder}; build the workspace first`);
    }
    return found.entryUrl;
  });
}

function cpuRow(part: string, label: string, goalSeconds: number): BenchRow {
  return {
    id: `import-${part}`,
    metric: `cold import() CPU, ${label}`,
    unit: 's',
    ours: { part, key: 'cpuSeconds' },
    anchor: { part: ANCHOR, key: 'cpuSeconds' },
    anchorLabel: 'node -e, nothing imported',
    ratio: 'quotient',
    goal: `≤ ${goalSeconds} s CPU (process total)`,
    met: (ours) => ours <= goalSeconds,
    digits: 3,
  };
}

function moduleRow(part: string, label: string): BenchRow {
  return {
    id: `modules-${part}`,
    metric: `module files loaded, ${label}`,
    unit: 'files',
    ours: { part, key: 'modules' },
    anchor: { part: ANCHOR, key: 'modules' },
    anchorLabel: 'node -e, nothing imported',
    ratio: 'difference',
    goal: '— (issue: 750–1,070, ~700 TypeBox)',
    met: () => null,
    digits: 0,
  };
}

const parts = [ANCHOR, ...packages.map((entry) => entry.folder), ALL];

const scenario: Scenario = {
  id: 'cold-import',
  title: "cold import() of each published package and of the issue's eight, in a fresh node -e",
  order: 70,
  parts,
  rows: [
    ...packages.flatMap((entry) => [cpuRow(entry.folder, entry.name, 0.15)]),
    cpuRow(ALL, 'all eight together', 0.25),
    ...packages.map((entry) => moduleRow(entry.folder, entry.name)),
    moduleRow(ALL, 'all eight together'),
    {
      id: 'typebox-modules-all-eight',
      metric: 'TypeBox module files loaded, all eight',
      unit: 'files',
      ours: { part: ALL, key: 'typeboxModules' },
      anchor: { part: ANCHOR, key: 'typeboxModules' },
      anchorLabel: 'node -e, nothing imported',
      ratio: 'difference',
      goal: '— (issue: ~700; typebox/compile and typebox/value load eagerly)',
      met: () => null,
      digits: 0,
    },
  ],
  async run(part, size) {
    const urls = urlsOf(part, size);
    const cpu = await probe(CPU_PROBE, urls);
    const counted = await probe(COUNT_PROBE, [HOOKS_URL, ...urls]);
    return { ...counted, ...cpu };
  },
};

export default scenario;
