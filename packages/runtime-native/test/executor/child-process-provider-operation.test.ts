import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { sendSignal } from '@gate4agent/process';
import { spawnFixture, useFixtureTracking } from '@gate4agent/testkit';
import { unwrap } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChildProcessProviderOperation } from '../../src/executor/child-process-provider-operation.js';
import { waitForExit } from './support/executor-harness.js';

useFixtureTracking({ beforeEach, afterEach });

describe('ChildProcessProviderOperation group ids', () => {
  it('never signals its group id once its child was reaped and a live process holds that id', async () => {
    // `stranger` leads a live group. The operation is told that group id is its own: exactly what
    // a recycled id looks like after the operation's leader was reaped and its group emptied.
    const stranger = spawnFixture('long-running');
    const child = spawn(process.execPath, ['-e', ''], { stdio: ['ignore', 'pipe', 'ignore'] });
    const operation = new ChildProcessProviderOperation(child, stranger.pid, 1024, () =>
      performance.now(),
    );
    await once(child, 'exit');
    // A force stop that arrives after the reap, the leftover sweep of tryWait and the fail-safe
    // dispose: none of them may reach the stranger's group (it would die of SIGKILL).
    unwrap(operation.requestForceStop());
    expect(await waitForExit(operation)).toEqual({ success: true, code: 0 });
    operation.dispose();
    expect(sendSignal(stranger.pid, 'SIGTERM')).toBe('signalled');
    expect(await stranger.waitForExit()).toMatchObject({ signal: 'SIGTERM' });
  });
});
