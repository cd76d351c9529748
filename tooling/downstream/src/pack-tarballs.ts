// Packs every published package once per test run, as a user receives it (`pnpm pack` rewrites
// `workspace:^` into caret ranges), into one directory the suites share.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pinnedPnpm, publishedPackages, root } from './workspace.js';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** What `pnpm pack --json` reports for one package. */
interface PackReport {
  readonly name: string;
  readonly filename: string;
}

/**
 * Packs every published package into `destination` and returns each tarball's path by package
 * name. The build must have run (`npm test` builds first); the prepack build is skipped.
 */
export function packTarballs(destination: string): Record<string, string> {
  const packages = publishedPackages();
  const unbuilt = packages.filter(({ dir }) => !existsSync(join(dir, 'dist', 'index.js')));
  if (unbuilt.length > 0) {
    throw new Error(
      `${unbuilt.map(({ manifest }) => manifest.name).join(', ')} has no dist/index.js: build first with \`npx ${pinnedPnpm()} turbo run build\``,
    );
  }
  const output = execFileSync(
    npx,
    [
      '--yes',
      pinnedPnpm(),
      '-r',
      '--filter',
      './packages/*',
      'pack',
      '--pack-destination',
      destination,
      '--json',
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, npm_config_ignore_scripts: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const parsed = JSON.parse(output) as PackReport | PackReport[];
  const reports = Array.isArray(parsed) ? parsed : [parsed];
  const tarballs: Record<string, string> = {};
  for (const report of reports) tarballs[report.name] = report.filename;
  const missing = packages.filter(({ manifest }) => tarballs[manifest.name] === undefined);
  if (missing.length > 0) {
    throw new Error(
      `pnpm pack wrote no tarball for ${missing.map(({ manifest }) => manifest.name).join(', ')}`,
    );
  }
  return tarballs;
}
