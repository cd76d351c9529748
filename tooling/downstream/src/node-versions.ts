// Finds the Node 22 and 24 that tooling/scripts/install/node-versions.mjs installs through the npm
// registry's `node` package into <cache root>/node<major> (~/.cache/gate4agent by default).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cacheRoot } from './cache-root.js';
import type { NodeInstall } from './downstream-project.js';

/** The Node majors the smoke suite runs on (ARCHITECTURE decision 19). */
export const SMOKE_NODE_MAJORS = [22, 24] as const;

/** The cached Node of one major, or why it is missing and how to install it. */
export function cachedNode(
  major: number,
): { ok: true; node: NodeInstall } | { ok: false; reason: string } {
  const cache = join(cacheRoot(), `node${major}`);
  const platformPackage = `node-${process.platform}-${process.arch}`;
  const candidates = [
    join(cache, 'node_modules', 'node', 'node_modules', platformPackage),
    join(cache, 'node_modules', platformPackage),
  ];
  const nodeDir = candidates.find((dir) => existsSync(join(dir, 'bin', 'node')));
  if (nodeDir === undefined) {
    return {
      ok: false,
      reason: `Node ${major} is not installed in ${cache}; run \`node tooling/scripts/install/node-versions.mjs\` (npm test runs it first)`,
    };
  }
  return { ok: true, node: { binDir: join(nodeDir, 'bin'), nodeDir } };
}
