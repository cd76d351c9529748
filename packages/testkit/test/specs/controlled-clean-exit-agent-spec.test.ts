import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unwrap, unwrapErr } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLEAN_EXIT_NON_REGULAR_EXIT_CODE, FIXTURE_PATH_MAX_BYTES } from '../../src/constants.js';
import { spawnFixtureLaunch } from '../../src/fixtures/spawn-fixture.js';
import { driveUntil } from '../../src/helpers/drive-until.js';
import { createFixtureRoot } from '../../src/helpers/fixture-root.js';
import { controlledCleanExitAgentSpec } from '../../src/specs/controlled-clean-exit-agent-spec.js';

let root = '';
beforeEach(() => {
  root = createFixtureRoot('gate4agent-clean-exit-spec-');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('controlledCleanExitAgentSpec', () => {
  it('builds a launch of the clean-exit script with both paths as its arguments', () => {
    const marker = join(root, 'started.marker');
    const release = join(root, 'nested', 'release.signal');
    mkdirSync(join(root, 'nested'));
    const spec = unwrap(controlledCleanExitAgentSpec(root, marker, release));
    expect(spec.id).toBe('clean-exit-fixture');
    expect(spec.displayName).toBe('Controlled clean-exit fixture');
    expect(spec.launch.program).toBe(process.execPath);
    // The script and the run tag come first.
    expect(spec.launch.fixedArgs.slice(2)).toEqual([marker, release]);
    expect(spec.capabilities.transports).toEqual({
      pty: true,
      ptyAdapter: null,
      pipe: null,
      acp: null,
    });
  });

  it('refuses a root that is relative, missing, a file or a symlink', () => {
    const marker = join(root, 'm');
    const release = join(root, 'r');
    const invalidRoot = {
      kind: 'invalid-root',
      message:
        'controlled-exit fixture root must be an absolute real directory; pass an existing absolute directory (for example a fresh temporary directory)',
    };
    expect(unwrapErr(controlledCleanExitAgentSpec('relative/root', marker, release))).toEqual(
      invalidRoot,
    );
    expect(unwrapErr(controlledCleanExitAgentSpec(join(root, 'missing'), marker, release))).toEqual(
      invalidRoot,
    );
    writeFileSync(join(root, 'file'), '');
    expect(unwrapErr(controlledCleanExitAgentSpec(join(root, 'file'), marker, release))).toEqual(
      invalidRoot,
    );
    mkdirSync(join(root, 'real'));
    symlinkSync(join(root, 'real'), join(root, 'link'));
    const linked = join(root, 'link');
    expect(
      unwrapErr(controlledCleanExitAgentSpec(linked, join(linked, 'm'), join(linked, 'r'))),
    ).toEqual(invalidRoot);
    expect(unwrapErr(controlledCleanExitAgentSpec(`${root}\0`, marker, release))).toEqual(
      invalidRoot,
    );
  });

  it('refuses targets outside the root, at the root, through .., through a symlink, or too long', () => {
    const release = join(root, 'r');
    const invalid = (value: string) => controlledCleanExitAgentSpec(root, value, release);
    const marker = {
      kind: 'invalid-target',
      target: 'started marker',
      message:
        'controlled-exit fixture started marker must be a bounded absolute path inside the fixture root; choose a short path under the root',
    };
    expect(unwrapErr(invalid(`${root}-sibling/m`))).toEqual(marker);
    expect(unwrapErr(invalid(root))).toEqual(marker);
    expect(unwrapErr(invalid(`${root}/sub/../m`))).toEqual(marker);
    expect(unwrapErr(invalid('m'))).toEqual(marker);
    expect(unwrapErr(invalid(join(root, 'missing-dir', 'm')))).toEqual(marker);
    mkdirSync(join(root, 'real'));
    symlinkSync(join(root, 'real'), join(root, 'link'));
    expect(unwrapErr(invalid(join(root, 'link', 'm')))).toEqual(marker);
    const long = join(root, 'x'.repeat(FIXTURE_PATH_MAX_BYTES - root.length));
    expect(unwrapErr(invalid(long))).toEqual(marker);
    expect(
      unwrap(controlledCleanExitAgentSpec(root, `${root}/./m`, release)).launch.fixedArgs[2],
    ).toBe(`${root}/./m`);
  });

  it('refuses an existing target and identical targets', () => {
    writeFileSync(join(root, 'exists'), '');
    expect(
      unwrapErr(controlledCleanExitAgentSpec(root, join(root, 'm'), join(root, 'exists'))),
    ).toEqual({
      kind: 'target-exists',
      target: 'release signal',
      message:
        'controlled-exit fixture release signal already exists; remove it or choose a fresh path',
    });
    expect(
      unwrapErr(controlledCleanExitAgentSpec(root, join(root, 'same'), join(root, 'same'))),
    ).toEqual({
      kind: 'duplicate-targets',
      message:
        'controlled-exit fixture marker and release paths are the same; choose two different paths',
    });
  });

  it('exits 81 when the release path appears as something other than a regular file', async () => {
    const marker = join(root, 'started.marker');
    const release = join(root, 'release.signal');
    const spec = unwrap(controlledCleanExitAgentSpec(root, marker, release));
    const child = spawnFixtureLaunch(spec.launch, 'clean-exit-fixture');
    await driveUntil(() => existsSync(marker) && readFileSync(marker, 'utf8') === 'started\n');
    expect(child.isAlive()).toBe(true);
    mkdirSync(release);
    expect((await child.waitForExit()).code).toBe(CLEAN_EXIT_NON_REGULAR_EXIT_CODE);
  });

  it('exits 81 for a symlink to a regular file (the release is not followed)', async () => {
    const marker = join(root, 'started.marker');
    const release = join(root, 'release.signal');
    writeFileSync(join(root, 'regular'), 'release');
    const spec = unwrap(controlledCleanExitAgentSpec(root, marker, release));
    const child = spawnFixtureLaunch(spec.launch, 'clean-exit-fixture');
    await driveUntil(() => existsSync(marker));
    symlinkSync(join(root, 'regular'), release);
    expect((await child.waitForExit()).code).toBe(CLEAN_EXIT_NON_REGULAR_EXIT_CODE);
  });
});
