// The docs test: every checked code block of the root README and of each published package's
// README, type-checked (the repo's pinned tsc, strict, module nodenext) and run in a downstream
// project that installs the packed tarballs. Shared by the npm and the pnpm suite.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type DownstreamProject, prepareProject } from '../../src/downstream-project.js';
import {
  importedPackages,
  installLines,
  type ReadmeBlock,
  readmeBlocks,
} from '../../src/readme-blocks.js';
import { runNode } from '../../src/run-node.js';
import {
  packagesNeedingNodePty,
  pinnedVersion,
  publishedPackages,
  type Readme,
  readmes,
} from '../../src/workspace.js';

/** A README with its blocks, or why its fences could not be read. */
interface ParsedReadme {
  readonly readme: Readme;
  readonly blocks: readonly ReadmeBlock[];
  readonly error: Error | null;
}

function parse(readme: Readme): ParsedReadme {
  try {
    return { readme, blocks: readmeBlocks(readme.markdown), error: null };
  } catch (error) {
    return { readme, blocks: [], error: error as Error };
  }
}

const isCode = (block: ReadmeBlock): boolean => block.language === 'ts' || block.language === 'js';
const isShell = (block: ReadmeBlock): boolean =>
  block.language === 'sh' || block.language === 'bash';

/** The packages a README's install lines name. */
export function installedBy(parsed: ParsedReadme): string[] {
  const names = new Set<string>();
  for (const block of parsed.blocks.filter(isShell)) {
    const lines = installLines(block.code);
    if (lines.ok) for (const line of lines.lines) for (const name of line.packages) names.add(name);
  }
  return [...names].sort();
}

/** The packages a README's code blocks import. */
export function importedBy(parsed: ParsedReadme): string[] {
  return [
    ...new Set(parsed.blocks.filter(isCode).flatMap((block) => importedPackages(block.code))),
  ].sort();
}

/** Where a block is written inside the project's docs/<readme>/ folder. */
function blockFile(block: ReadmeBlock): string {
  return block.file ?? `block-L${block.line}.${block.language}`;
}

/** The compiled file node runs. */
function compiledFile(block: ReadmeBlock): string {
  return blockFile(block)
    .replace(/\.ts$/, '.js')
    .replace(/\.mts$/, '.mjs');
}

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023'],
    module: 'nodenext',
    moduleResolution: 'nodenext',
    types: ['node'],
    strict: true,
    allowJs: true,
    checkJs: true,
    // The published declarations are checked too, as a strict user's project checks them.
    skipLibCheck: false,
    rootDir: 'docs',
    outDir: 'out',
  },
  include: ['docs'],
};

/**
 * Errors in a third-party package's own declarations that a strict project without the DOM lib
 * sees whatever we ship; each names the README that tells users. Our packages' declarations get
 * no such pass.
 */
const KNOWN_THIRD_PARTY_ERRORS: readonly { readonly file: RegExp; readonly text: RegExp }[] = [
  // @modelcontextprotocol/sdk's transport declarations name the DOM lib's HeadersInit, which
  // @types/node 20 does not declare globally (packages/mcp/README.md says so).
  {
    file: /(^|\/)node_modules\/@modelcontextprotocol\/sdk\//,
    text: /Cannot find name 'HeadersInit'/,
  },
];

function knownThirdPartyError(file: string, line: string): boolean {
  return KNOWN_THIRD_PARTY_ERRORS.some((known) => known.file.test(file) && known.text.test(line));
}

/** Writes the blocks into the project and type-checks them; diagnostics by docs-relative file. */
function writeAndCheck(
  project: DownstreamProject,
  chosen: readonly ParsedReadme[],
): Map<string, string[]> {
  const docs = join(project.dir, 'docs');
  rmSync(docs, { recursive: true, force: true });
  rmSync(join(project.dir, 'out'), { recursive: true, force: true });
  for (const { readme, blocks } of chosen) {
    for (const block of blocks.filter((entry) => isCode(entry) && entry.mode !== 'no-check')) {
      const file = join(docs, readme.id, blockFile(block));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${block.code}\n`);
    }
  }
  writeFileSync(join(project.dir, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  let output = '';
  try {
    execFileSync(
      join(project.dir, 'node_modules', '.bin', 'tsc'),
      ['-p', 'tsconfig.json', '--pretty', 'false'],
      {
        cwd: project.dir,
        env: project.env,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  } catch (error) {
    const failure = error as { status?: number | null; stdout?: string; stderr?: string };
    // tsc did not run at all (not installed, killed): nothing was checked, so nothing may pass.
    if (typeof failure.status !== 'number') throw error;
    output = `${failure.stdout ?? ''}${failure.stderr ?? ''}`;
    if (output.trim() === '') output = `tsc exited ${failure.status} without a diagnostic`;
  }
  const diagnostics = new Map<string, string[]>();
  let current = '';
  for (const line of output.split('\n')) {
    const match = /^(.+?)\(\d+,\d+\): error /.exec(line);
    if (match !== null) current = (match[1] ?? '').replace(/\\/g, '/');
    else if (line.trim() === '' || current === '') {
      if (line.trim() !== '') current = '(global)';
      else continue;
    }
    diagnostics.set(current, [...(diagnostics.get(current) ?? []), line]);
  }
  return diagnostics;
}

/** Declares the docs suite for one package manager. */
export function defineDocsSuite(manager: 'npm' | 'pnpm'): void {
  const packages = publishedPackages();
  const nodePty = packagesNeedingNodePty(packages);
  const all = readmes().map(parse);
  // pnpm installs without approving build scripts, so node-pty never builds: its suite checks the
  // READMEs whose install lines and examples need no package that depends on node-pty.
  const chosen =
    manager === 'npm'
      ? all
      : all.filter(
          (parsed) =>
            parsed.blocks.some((block) => block.language !== 'sh' && block.language !== 'bash') &&
            [...installedBy(parsed), ...importedBy(parsed)].every((name) => !nodePty.has(name)),
        );
  let project: DownstreamProject;
  let diagnostics = new Map<string, string[]>();

  beforeAll(() => {
    const tarballs = inject('tarballs');
    const usable = Object.fromEntries(
      Object.entries(tarballs).filter(([name]) => manager === 'npm' || !nodePty.has(name)),
    );
    const named = [...new Set(chosen.flatMap(installedBy))];
    const thirdParty: Record<string, string> = {
      typescript: pinnedVersion('typescript') ?? 'latest',
      '@types/node': pinnedVersion('@types/node') ?? 'latest',
    };
    for (const name of named.filter((entry) => tarballs[entry] === undefined)) {
      thirdParty[name] = pinnedVersion(name) ?? 'latest';
    }
    project = prepareProject({
      // node-pty is built for one Node ABI: the npm project is kept per ABI of the machine's Node.
      variant: manager === 'npm' ? `npm-abi${process.versions.modules}` : manager,
      manager,
      tarballs: usable,
      // npm hoists: every tarball is a direct dependency so each caret range finds its package.
      dependencies:
        manager === 'npm'
          ? Object.keys(usable)
          : named.filter((name) => usable[name] !== undefined),
      thirdParty,
    });
    diagnostics = writeAndCheck(project, chosen);
  }, 900_000);

  it(`${manager}: the published declarations type-check in a strict project (skipLibCheck off)`, () => {
    const outside = [...diagnostics]
      .filter(([file]) => !file.startsWith('docs/'))
      .map(([file, lines]): [string, string[]] => [
        file,
        lines.filter((line) => !knownThirdPartyError(file, line)),
      ])
      .filter(([, lines]) => lines.length > 0);
    expect(outside).toEqual([]);
  });

  for (const parsed of chosen) {
    const { readme, blocks, error } = parsed;
    describe(`${readme.path} (${manager})`, () => {
      if (error !== null) {
        it('has code fences the docs test understands', () => {
          throw error;
        });
        return;
      }
      if (manager === 'npm') {
        it('lists exactly the packages its examples import in its install lines', () => {
          expect(installedBy(parsed)).toEqual(importedBy(parsed));
        });
        for (const block of blocks.filter(isShell)) {
          it(`shell block at line ${block.line} is an install line or says no-run`, () => {
            const lines = installLines(block.code);
            if (block.mode === 'run')
              expect(lines.ok ? 'install line' : lines.reason).toBe('install line');
            else expect(block.mode).toBe('no-run');
          });
        }
      }
      for (const block of blocks) {
        if (block.language === 'json' && block.mode !== 'no-check') {
          it(`json block at line ${block.line} parses`, () => {
            expect(() => JSON.parse(block.code)).not.toThrow();
          });
        }
        if (!isCode(block) || block.mode === 'no-check') continue;
        const file = `docs/${readme.id}/${blockFile(block)}`;
        it(`${block.language} block at line ${block.line} type-checks`, () => {
          expect(diagnostics.get(file) ?? []).toEqual([]);
          // tsc emitted it, so it was part of the checked program.
          expect(existsSync(join(project.dir, 'out', readme.id, compiledFile(block)))).toBe(true);
        });
      }
    });
  }

  // The blocks run concurrently: each is its own program, and most of a run is waiting.
  describe.concurrent(`${manager}: README blocks run to completion and leave no process`, () => {
    for (const { readme, blocks } of chosen) {
      for (const block of blocks.filter(
        (entry) => isCode(entry) && entry.mode === 'run' && entry.file === null,
      )) {
        it(`${readme.path}: ${block.language} block at line ${block.line}`, async ({ expect }) => {
          const run = await runNode(compiledFile(block), {
            cwd: join(project.dir, 'out', readme.id),
            env: project.env,
            timeoutMs: 120_000,
          });
          const summary = {
            status: run.status,
            signal: run.signal,
            timedOut: run.timedOut,
            leaked: run.leaked,
          };
          expect(summary, `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`).toEqual({
            status: 0,
            signal: null,
            timedOut: false,
            leaked: [],
          });
        });
      }
    }
  });
}
