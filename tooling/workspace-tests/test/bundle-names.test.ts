// tooling/scripts/bundle.mjs builds without esbuild's `keepNames`, whose `__name(...)` wrapper
// would rename every closure each time it is created (on the hot paths of the tool engine, the
// kernel and the handle too). Names then change only where esbuild renames a colliding one, and
// the build refuses that for a class, whose name `constructor.name` and `util.inspect` show.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { inspect } from 'node:util';
import { createControlPlane } from '@gate4agent/handle';
import { Gate4AgentKernel } from '@gate4agent/kernel';
import { ToolEngine } from '@gate4agent/tool-engine';
import { Gate4AgentError } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { root, workspacePackages } from './workspace.mjs';

const bundleScript = join(root, 'tooling', 'scripts', 'bundle.mjs');

/** What {@link bundledModules} reads of a package.json. */
interface BuiltManifest {
  readonly exports?: Record<string, unknown>;
  readonly bin?: string | Record<string, string>;
}

/**
 * The built modules of a package that its exports and bins reach (entries, then the chunks they
 * import), so a stale chunk left in `dist/` by an older build is not taken for part of it.
 */
function bundledModules(dir: string, manifest: BuiltManifest): string[] {
  const targets = Object.values(manifest.exports ?? {}).flatMap((target) =>
    typeof target === 'object' && target !== null && typeof target.default === 'string'
      ? [target.default]
      : [],
  );
  const bins =
    typeof manifest.bin === 'string' ? [manifest.bin] : Object.values(manifest.bin ?? {});
  const queue = [...targets, ...bins]
    .filter((file): file is string => typeof file === 'string' && file.endsWith('.js'))
    .map((file) => join(dir, file));
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, chunk] of text.matchAll(/(?:from|import)\s*\(?\s*"(\.\/[\w-]+\.js)"/g)) {
      queue.push(join(dirname(file), chunk as string));
    }
  }
  return [...seen];
}

describe('bundled names', () => {
  for (const { dir, manifest } of workspacePackages('packages')) {
    it(`${manifest.name} ships no __name wrapper`, () => {
      const modules = bundledModules(dir, manifest);
      expect(modules.length).toBeGreaterThan(0);
      for (const file of modules) {
        expect(readFileSync(file, 'utf8'), file).not.toMatch(/\b__name\(/);
      }
    });
  }

  it('keeps the names of the classes users see', () => {
    expect(ToolEngine.name).toBe('ToolEngine');
    expect(Gate4AgentKernel.name).toBe('Gate4AgentKernel');
    expect(new Gate4AgentError('invalid-argument', 'x').name).toBe('Gate4AgentError');
    const { handle } = createControlPlane(4);
    expect(handle.constructor.name).toBe('Gate4AgentHandle');
    expect(inspect(handle)).toMatch(/^Gate4AgentHandle /);
  });

  it('refuses a build in which esbuild renamed a class', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundle-names-'));
    try {
      mkdirSync(join(dir, 'src'));
      writeFileSync(
        join(dir, 'package.json'),
        JSON.stringify({
          name: 'two-foos',
          type: 'module',
          exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
        }),
      );
      writeFileSync(join(dir, 'src', 'a.ts'), 'export class Foo { a = 1; }\n');
      writeFileSync(join(dir, 'src', 'b.ts'), 'export class Foo { b = 2; }\n');
      writeFileSync(
        join(dir, 'src', 'index.ts'),
        "export { Foo as A } from './a.js';\nexport { Foo as B } from './b.js';\n",
      );
      let stderr = '';
      try {
        execFileSync(process.execPath, [bundleScript], { cwd: dir, stdio: 'pipe' });
      } catch (error) {
        stderr = String((error as { stderr?: Buffer }).stderr);
      }
      expect(stderr).toContain(
        'two-foos: esbuild renamed a class to Foo2 in dist/index.js, because two bundled modules declare the same class name',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
