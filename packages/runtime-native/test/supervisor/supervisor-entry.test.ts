// ARCHITECTURE decision 16: `@gate4agent/runtime-native/supervisor` never loads node-pty or
// @xterm/headless, and the main entry loads node-pty only when a PTY is first needed.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { RESULT_WRITER } from '../executor/support/executor-harness.js';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(here, '..', '..');
const downstream = (name: string) => join(here, 'downstream', name);
const NATIVE_MODULES = ['node-pty', '@xterm/headless'];

/** The modules a built entry loads: its own files, transitively, and the packages they import. */
function importGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (files.has(file)) continue;
    files.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(
      /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g,
    )) {
      const specifier = match[1] ?? '';
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier));
      else packages.add(specifier);
    }
  }
  return { files, packages };
}

/**
 * The native modules whose quoted name appears anywhere in `files`: a bundle loads them through a
 * renamed `createRequire` function, which the import walk cannot tell from any other call.
 */
function namedNativeModules(files: Iterable<string>): string[] {
  const code = [...files].map((file) => readFileSync(file, 'utf8')).join('\n');
  return NATIVE_MODULES.filter((name) => code.includes(`"${name}"`) || code.includes(`'${name}'`));
}

/** Runs a downstream script in a child node with node-pty and @xterm/headless unresolvable. */
async function runBlocked<T>(script: string, args: readonly string[] = []): Promise<T> {
  const { stdout } = await run(
    process.execPath,
    ['--import', downstream('block-native-modules.mjs'), downstream(script), ...args],
    { cwd: packageDir, timeout: 90_000 },
  );
  const lines = stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1] ?? 'null');
}

describe('@gate4agent/runtime-native/supervisor', () => {
  it('its built module graph neither imports nor names node-pty or @xterm/headless', () => {
    const graph = importGraph(join(packageDir, 'dist', 'supervisor.js'));
    // The entry and the chunk it shares with the main entry (tooling/scripts/bundle.mjs).
    expect(graph.files.size).toBeGreaterThan(1);
    expect([...graph.packages].filter((name) => NATIVE_MODULES.includes(name))).toEqual([]);
    expect(namedNativeModules(graph.files)).toEqual([]);
    // The walk does see them where they are loaded: the main entry's PTY session.
    const main = importGraph(join(packageDir, 'dist', 'index.js'));
    expect(namedNativeModules(main.files)).toEqual(NATIVE_MODULES);
  });

  it('runs one supervised operation to its exit ack where node-pty cannot load', async () => {
    const result = await runBlocked<unknown>('supervise-one.mjs', [RESULT_WRITER]);
    expect(result).toEqual({
      nodePtyImportable: false,
      nodePtyRequirable: false,
      xtermImportable: false,
      acks: [{ exit: { success: true, code: 0 }, stopCause: null }],
      completion: 'succeeded',
    });
  }, 120_000);
});

describe('the main entry without node-pty', () => {
  it('imports, then fails the session start with pty-addon-unavailable and the build steps', async () => {
    const result = await runBlocked<{
      error: { message: string };
      session: unknown;
    }>('main-entry-without-pty.mjs');
    expect(result.error).toEqual({
      name: 'Gate4AgentError',
      kind: 'pty-addon-unavailable',
      message: expect.stringContaining('node-pty could not be loaded'),
      hasCause: true,
    });
    for (const step of ['onlyBuiltDependencies', 'pnpm rebuild node-pty', 'npm rebuild node-pty']) {
      expect(result.error.message).toContain(step);
    }
    // Through NativeRuntime: the session start fails with it, and ticking goes on.
    expect(result.session).toEqual({ kind: 'failed', message: result.error.message });
  }, 120_000);
});
