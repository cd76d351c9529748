// The smoke suite on Node 22 and 24 (ARCHITECTURE decision 19): per Node, a downstream project
// installed with npm under that Node (so node-pty compiles for its ABI) runs smoke/smoke.mjs with
// it: every entry point imported, a kernel step, a PTY session, a supervised operation to its exit
// ack, the testkit reaping a fixture. The two Node lines run at once: each has its own project, and
// most of a cold run (registry downloads, node-pty builds) waits on the network or one core.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, inject, it } from 'vitest';
import { prepareProject } from '../src/downstream-project.js';
import { cachedNode, SMOKE_NODE_MAJORS } from '../src/node-versions.js';
import { runNode } from '../src/run-node.js';
import { pinnedVersion, publishedPackages } from '../src/workspace.js';

/** Every import path of every published package (`.`, `./supervisor`, …; no wildcards). */
function entryPoints(): string[] {
  return publishedPackages().flatMap(({ manifest }) =>
    Object.keys(manifest.exports ?? { '.': null })
      .filter((path) => path !== './package.json' && !path.includes('*'))
      .map((path) => (path === '.' ? manifest.name : `${manifest.name}/${path.slice(2)}`)),
  );
}

describe.concurrent('smoke on other Node lines', () => {
  for (const major of SMOKE_NODE_MAJORS) {
    it(`Node ${major}: installs the tarballs and runs the smoke script`, async ({ expect }) => {
      const found = cachedNode(major);
      if (!found.ok) throw new Error(found.reason);
      const tarballs = inject('tarballs');
      const project = prepareProject({
        variant: `npm-node${major}`,
        manager: 'npm',
        tarballs,
        dependencies: Object.keys(tarballs),
        thirdParty: { '@types/node': pinnedVersion('@types/node') ?? 'latest' },
        node: found.node,
      });
      copyFileSync(
        join(import.meta.dirname, '..', 'smoke', 'smoke.mjs'),
        join(project.dir, 'smoke.mjs'),
      );
      const entries = entryPoints();
      const run = await runNode('smoke.mjs', {
        cwd: project.dir,
        env: project.env,
        node: join(found.node.binDir, 'node'),
        args: [JSON.stringify(entries)],
        timeoutMs: 120_000,
      });
      const context = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
      expect({ status: run.status, timedOut: run.timedOut, leaked: run.leaked }, context).toEqual({
        status: 0,
        timedOut: false,
        leaked: [],
      });
      const lines = run.stdout.split('\n').filter((line) => line.startsWith('smoke:'));
      expect(lines[0]).toBe(`smoke: imported ${entries.length} entry points`);
      expect(lines).toContain('smoke: supervised operation acked');
      expect(lines).toContain('smoke: pty session echoed');
      expect(lines).toContain('smoke: testkit reaped a fixture');
      expect(lines.at(-1)).toMatch(new RegExp(`^smoke: done on node v${major}\\.`));
    }, 900_000);
  }
});
