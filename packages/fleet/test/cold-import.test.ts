// Importing the package loads no NATS client: the built package in a fresh Node process, whose
// CommonJS module cache shows every @nats-io module loaded so far.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../dist/index.js', import.meta.url));

/** The @nats-io modules a fresh process has loaded after running `script` (an ES module). */
function natsModulesAfter(script: string): string[] {
  const source = `import { createRequire } from 'node:module';
${script}
const loaded = Object.keys(createRequire(import.meta.url).cache);
process.stdout.write(JSON.stringify(loaded.filter((path) => path.includes('@nats-io'))));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', source], {
    encoding: 'utf8',
  });
  return JSON.parse(out) as string[];
}

describe('import of @gate4agent/fleet', () => {
  it('loads the NATS client packages only when a fleet object first needs them', () => {
    expect(natsModulesAfter(`const fleet = await import(${JSON.stringify(DIST)});`)).toEqual([]);
    // The first use loads them (the same modules an application's own import gets).
    const used = natsModulesAfter(
      `const fleet = await import(${JSON.stringify(DIST)}); fleet.createFleetUserKey();`,
    );
    expect(used.some((path) => path.includes('transport-node'))).toBe(true);
  }, 30_000);
});
