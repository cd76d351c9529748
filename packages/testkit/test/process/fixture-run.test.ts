import { describe, expect, it } from 'vitest';
import { FIXTURE_RUN_ENV } from '../../src/constants.js';
import { fixtureEnv } from '../../src/fixtures/minimal-env.js';
import { spawnFixture } from '../../src/fixtures/spawn-fixture.js';
import { findFixtureProcesses, fixtureRunTag } from '../../src/process/fixture-run.js';
import { processCommandLine } from '../../src/process/process-probe.js';

describe('fixture run', () => {
  it('inherits the run tag of the global setup', () => {
    expect(fixtureRunTag()).toBe(process.env[FIXTURE_RUN_ENV]);
    expect(fixtureRunTag().startsWith('run-')).toBe(true);
  });

  it('finds a live fixture of this run in the process table, and not once it is gone', async () => {
    const child = spawnFixture('long-running', { stdio: 'ignore' });
    expect(processCommandLine(child.pid)).toContain('long-running.mjs');
    expect(findFixtureProcesses(fixtureRunTag()).map((entry) => entry.pid)).toContain(child.pid);
    expect(findFixtureProcesses('another-run').map((entry) => entry.pid)).not.toContain(child.pid);
    child.kill();
    await child.waitForExit();
    expect(findFixtureProcesses(fixtureRunTag()).map((entry) => entry.pid)).not.toContain(
      child.pid,
    );
  });

  it('gives children only the minimal environment plus the run tag', () => {
    const saved = { ...process.env };
    process.env.NODE_OPTIONS = '--require=secret-loader';
    process.env.npm_config_token = 'secret';
    process.env.GATE4AGENT_TEST_SECRET = 'secret';
    process.env.LC_ALL = 'C.UTF-8';
    try {
      const env = fixtureEnv({ EXTRA: '1' });
      expect(env.NODE_OPTIONS).toBeUndefined();
      expect(env.npm_config_token).toBeUndefined();
      expect(env.GATE4AGENT_TEST_SECRET).toBeUndefined();
      expect(env.LC_ALL).toBe('C.UTF-8');
      expect(env.PATH).toBe(process.env.PATH);
      expect(env[FIXTURE_RUN_ENV]).toBe(fixtureRunTag());
      expect(env.EXTRA).toBe('1');
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });
});
