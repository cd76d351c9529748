// The runner's part timeout: an overrunning part is ended with every process it started, also a
// PTY agent in its own session that outlives its terminal's hang-up.
import { fileURLToPath } from 'node:url';
import { isProcessAlive, trackProcess, useFixtureTracking } from '@gate4agent/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// The built runner: it forks the built `child.js` next to it.
const RUN_CHILD = new URL('../dist/run-child.js', import.meta.url).href;
const { runChild } = (await import(RUN_CHILD)) as typeof import('../src/run-child.js');

useFixtureTracking({ beforeEach, afterEach });

const HANGING = fileURLToPath(new URL('./fixtures/hanging-pty-part.mjs', import.meta.url));
/** Long enough for the part to start its runtime and launch the agent on a loaded machine. */
const PART_TIMEOUT = 15_000;

describe('runChild', () => {
  it.each([
    ['awaits forever', 'hang'],
    ['blocks its event loop', 'block'],
  ])(
    'ends an overrunning part that %s with every process it started, a PTY agent in its own session included',
    async (_, part) => {
      const result = await runChild(HANGING, part, 'smoke', PART_TIMEOUT);
      expect(result.ok).toBe(false);
      const message = result.ok ? '' : result.message;
      expect(message).toContain(`${part} did not finish within ${PART_TIMEOUT} ms`);
      const pid = Number(/pty-agent-pid:(\d+)/.exec(message)?.[1]);
      expect(pid, message).toBeGreaterThan(0);
      // Reaped by the tracker should it have survived.
      trackProcess(pid, 'the hanging part’s PTY agent', { group: true });
      expect(isProcessAlive(pid)).toBe(false);
    },
  );
});
