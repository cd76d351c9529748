// Ported from crates/gate4agent-testkit/src/lib.rs (mod tests).
import {
  closeSync,
  fsyncSync,
  openSync,
  readFileSync,
  rmdirSync,
  rmSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { spawnFixtureLaunch } from '../src/fixtures/spawn-fixture.js';
import { driveUntil } from '../src/helpers/drive-until.js';
import { createFixtureRoot } from '../src/helpers/fixture-root.js';
import { controlledCleanExitAgentSpec } from '../src/specs/controlled-clean-exit-agent-spec.js';
import { interactiveAgentSpec } from '../src/specs/interactive-agent-spec.js';

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

describe('testkit (lib.rs)', () => {
  it('unix_interactive_fixture_argv_is_nul_free_and_retains_terminal_escapes', () => {
    const spec = interactiveAgentSpec();
    expect(spec.launch.fixedArgs.every((argument) => !argument.includes('\0'))).toBe(true);
    // Upstream's behaviour program is its last fixed argument (the inline shell script); here it
    // is the fixture script, the first fixed argument (the run tag may follow it).
    const script = readFileSync(spec.launch.fixedArgs[0]!, 'utf8');
    expect(script).toContain('\\u001b[?2004h');
    expect(script).toContain('\\u001b[?25h');
  });

  it('controlled_clean_exit_fixture_marks_waits_and_exits_zero_after_release', async () => {
    const root = createFixtureRoot('gate4agent-clean-exit-fixture-');
    const startedMarker = join(root, 'started.marker');
    const releaseSignal = join(root, 'release.signal');
    const outside = join(dirname(root), 'outside.signal');
    expect(unwrapErr(controlledCleanExitAgentSpec(root, startedMarker, outside))).toMatchObject({
      kind: 'invalid-target',
      target: 'release signal',
    });

    const spec = unwrap(controlledCleanExitAgentSpec(root, startedMarker, releaseSignal));
    const child = spawnFixtureLaunch(spec.launch, 'clean-exit-fixture', { stdio: 'ignore' });
    try {
      await driveUntil(() => readOrNull(startedMarker) === 'started\n', {
        timeoutMs: 5_000,
        message: 'controlled clean-exit fixture did not write its marker',
      });
      expect(readFileSync(startedMarker, 'utf8')).toBe('started\n');
      expect(child.tryWait()).toBeNull();

      const release = openSync(releaseSignal, 'wx');
      writeSync(release, 'release\n');
      fsyncSync(release);
      closeSync(release);
      await driveUntil(() => child.tryWait() !== null, {
        timeoutMs: 5_000,
        message: 'controlled clean-exit fixture did not exit after release',
      });
      expect(child.tryWait()?.code).toBe(0);

      unlinkSync(releaseSignal);
      unlinkSync(startedMarker);
      rmdirSync(root);
    } finally {
      child.kill();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
