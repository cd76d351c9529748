// Packs every published package once with `pnpm pack` (workspace: ranges rewritten as a user
// receives them) and runs publint --strict and attw --profile esm-only on each tarball.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, workspacePackages } from './workspace.mjs';

const published = workspacePackages('packages');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
/** The pnpm the workspace pins (root `packageManager`), run through npx so no global pnpm is needed. */
const pnpm = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager as string;
const attw = join(import.meta.dirname, '..', 'node_modules', '.bin', 'attw');
let packDir = '';
const tarballs = new Map<string, string>();

beforeAll(() => {
  packDir = mkdtempSync(join(tmpdir(), 'gate4agent-pack-'));
  for (const { dir, manifest } of published) {
    const before = new Set(readdirSync(packDir));
    // The build ran first (turbo: test depends on ^build), so the prepack build is skipped here.
    execFileSync(npx, ['--yes', pnpm, 'pack', '--pack-destination', packDir], {
      cwd: dir,
      env: { ...process.env, npm_config_ignore_scripts: 'true' },
      stdio: 'ignore',
    });
    const [tarball] = readdirSync(packDir).filter((file) => !before.has(file));
    if (tarball === undefined) throw new Error(`pnpm pack wrote no tarball for ${manifest.name}`);
    tarballs.set(manifest.name, join(packDir, tarball));
  }
}, 600_000);

afterAll(() => {
  if (packDir !== '') rmSync(packDir, { recursive: true, force: true });
});

describe('packed tarballs', () => {
  for (const { manifest } of published) {
    it(`${manifest.name} passes publint --strict`, async () => {
      const tarball = readFileSync(tarballs.get(manifest.name) as string);
      const { messages, pkg } = await publint({
        pack: { tarball: new Uint8Array(tarball).buffer },
        strict: true,
      });
      expect(messages.map((message) => formatMessage(message, pkg) ?? message.code)).toEqual([]);
    });

    it(`${manifest.name} passes attw --profile esm-only`, () => {
      const result = spawnSync(
        attw,
        [tarballs.get(manifest.name) as string, '--profile', 'esm-only', '--format', 'ascii'],
        { encoding: 'utf8' },
      );
      // attw exits non-zero on any problem the esm-only profile does not ignore.
      expect(result.stdout).toContain('node16 (from ESM): 🟢 (ESM)');
      expect(result.status, result.stdout).toBe(0);
    });

    it(`${manifest.name} reaches its dependencies through caret ranges once packed`, () => {
      const listing = execFileSync(
        'tar',
        ['-xzOf', tarballs.get(manifest.name) as string, 'package/package.json'],
        {
          encoding: 'utf8',
        },
      );
      const packed = JSON.parse(listing) as Record<string, Record<string, string> | undefined>;
      for (const [name, range] of Object.entries({ ...packed.dependencies })) {
        expect(range, name).toMatch(/^\^\d+\.\d+\.\d+$/);
      }
      expect(JSON.stringify(packed)).not.toContain('workspace:');
    });
  }
});
