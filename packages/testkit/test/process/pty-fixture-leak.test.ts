// Not upstream: a PTY child gets only the minimal environment, so it never carries the run tag in
// its environment; the tag on its command line (from the fixture spec) still lets the run's leak
// scan find, report and kill it.
import { minimalChildEnvironment } from '@gate4agent/types';
import * as pty from 'node-pty';
import { describe, expect, it } from 'vitest';
import { FIXTURE_RUN_ENV } from '../../src/constants.js';
import { spawnFixtureLaunch } from '../../src/fixtures/spawn-fixture.js';
import { driveUntil } from '../../src/helpers/drive-until.js';
import { findFixtureProcesses, fixtureRunTeardown } from '../../src/process/fixture-run.js';
import { isProcessAlive, processHasEnv } from '../../src/process/process-probe.js';
import { fixtureLaunch, interactiveAgentSpec } from '../../src/specs/interactive-agent-spec.js';

/** Builds what `build` returns under a private run tag, so the teardown cannot touch other tests. */
function underTag<T>(tag: string, build: () => T): T {
  const saved = process.env[FIXTURE_RUN_ENV];
  process.env[FIXTURE_RUN_ENV] = tag;
  try {
    return build();
  } finally {
    if (saved === undefined) delete process.env[FIXTURE_RUN_ENV];
    else process.env[FIXTURE_RUN_ENV] = saved;
  }
}

describe('leak scan of PTY fixtures', () => {
  it('reports and kills a PTY fixture leaked with only the minimal environment', async () => {
    const tag = `leak-probe-${process.pid}-${Date.now().toString(36)}`;
    const spec = underTag(tag, () => interactiveAgentSpec());
    // The environment rule of runtime-native's PTY children: minimal allowlist plus TERM.
    const env = minimalChildEnvironment({
      inherited: process.env,
      platform: process.platform,
      set: { TERM: 'xterm-256color' },
    });
    expect(env[FIXTURE_RUN_ENV]).toBeUndefined();
    // Leaked on purpose: not tracked, never killed by this test unless the scan fails.
    const child = pty.spawn(spec.launch.program, [...spec.launch.fixedArgs], {
      name: 'xterm-256color',
      cols: 80,
      rows: 24,
      cwd: process.cwd(),
      env,
    });
    let screen = '';
    child.onData((data) => {
      screen += data;
    });
    let exited = false;
    child.onExit(() => {
      exited = true;
    });
    try {
      await driveUntil(() => screen.includes('fixture-ready>'), { message: 'no fixture-ready>' });
      if (process.platform === 'linux') {
        expect(processHasEnv(child.pid, FIXTURE_RUN_ENV, tag)).toBe(false);
      }
      expect(findFixtureProcesses(tag).map(({ pid }) => pid)).toContain(child.pid);
      expect(findFixtureProcesses(`${tag}-other`).map(({ pid }) => pid)).not.toContain(child.pid);
      await expect(fixtureRunTeardown(tag)()).rejects.toThrow(
        new RegExp(`fixture processes outlived the test run: .*pid ${child.pid} `),
      );
      await driveUntil(() => exited, { message: 'the leaked fixture was not killed' });
      expect(isProcessAlive(child.pid)).toBe(false);
      await expect(fixtureRunTeardown(tag)()).resolves.toBeUndefined();
    } finally {
      if (!exited) child.kill('SIGKILL');
    }
  });

  it('fixture scripts drop the run-tag argument, so positional arguments keep their places', async () => {
    const child = spawnFixtureLaunch(fixtureLaunch('long-running', ['50']), 'long-running', {
      stdio: 'ignore',
    });
    const exit = await child.waitForExit();
    expect(exit.success).toBe(true);
  });
});
