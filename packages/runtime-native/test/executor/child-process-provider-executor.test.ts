import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { processGroupGone } from '@gate4agent/process';
import {
  createFakeClock,
  createFixtureRoot,
  findFixtureProcesses,
  fixtureRunTag,
  fixtureScriptPath,
  isProcessAlive,
  trackProcess,
  useFixtureTracking,
} from '@gate4agent/testkit';
import { Gate4AgentError, unwrap, unwrapErr } from '@gate4agent/types';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHILD_PROCESS_STDIO_DRAIN_GRACE } from '../../src/constants.js';
import { ChildProcessProviderExecutor } from '../../src/executor/child-process-provider-executor.js';
import { PROVIDER_INVOCATION_PROTOCOL } from '../../src/executor/invocation-document.js';
import { isPlatformChildEnvironmentKey } from '../../src/executor/minimal-child-environment.js';
import { FakeRuntimePort } from '../supervisor/support/fake-runtime-port.js';
import {
  ESCAPER,
  fixtureExecutor,
  nodeExecutor,
  RESULT_WRITER,
  reapStartedGroups,
  sleep,
  startOperation,
  waitForExit,
  waitUntil,
} from './support/executor-harness.js';

useFixtureTracking({ beforeEach, afterEach });
afterEach(async () => {
  expect(await reapStartedGroups()).toEqual([]);
});
afterAll(() => {
  expect(findFixtureProcesses(fixtureRunTag())).toEqual([]);
});

const SECRET = 'G4A_TEST_SECRET_CANARY';

function resultText(poll: unknown): string {
  const ready = poll as {
    kind: string;
    observation: { kind: string; result: { delivery: { bytes: Uint8Array } } };
  };
  expect(ready.kind).toBe('ready');
  expect(ready.observation.kind).toBe('succeeded');
  return new TextDecoder().decode(ready.observation.result.delivery.bytes);
}

function violationMessage(poll: unknown): string | null {
  expect(poll).toMatchObject({
    kind: 'ready',
    observation: { kind: 'failed', failure: { kind: 'provider-contract-violation' } },
  });
  return (poll as { observation: { failure: { redactedMessage: string | null } } }).observation
    .failure.redactedMessage;
}

describe('ChildProcessProviderExecutor', () => {
  it('sends the invocation on stdin, gives the child only the minimal environment and decodes its result', async () => {
    process.env[SECRET] = 'must-not-leak';
    process.env.G4A_TEST_PASSED = 'passed';
    try {
      const executor = nodeExecutor(RESULT_WRITER, ['echo'], { passEnv: ['G4A_TEST_PASSED'] });
      const operation = startOperation(executor, 'result-writer');
      expect(unwrap(operation.tryPollResult())).toEqual({ kind: 'pending' });
      expect(await waitForExit(operation)).toEqual({ success: true, code: 0 });
      const echoed = JSON.parse(resultText(unwrap(operation.tryPollResult()))) as {
        input: string;
        envKeys: string[];
      };
      const document = JSON.parse(echoed.input);
      expect(document).toMatchObject({
        protocol: PROVIDER_INVOCATION_PROTOCOL,
        bindingId: 1,
        capabilityId: 'browser.snapshot',
        resourceScopeId: 'page.active',
        deadlineTick: 10_000,
        requestKey: { consumerId: 'consumer-1', actorId: 'agent.physical-e2e' },
      });
      expect(Buffer.from(document.payloadBase64, 'base64').toString()).toBe(
        '{"scope":"active-page"}',
      );
      expect(echoed.envKeys).not.toContain(SECRET);
      expect(echoed.envKeys).toContain('G4A_TEST_PASSED');
      expect(echoed.envKeys).toContain('GATE4AGENT_FIXTURE_RUN');
      const unexpected = echoed.envKeys.filter(
        (key) =>
          !isPlatformChildEnvironmentKey(key) &&
          !['G4A_TEST_PASSED', 'GATE4AGENT_FIXTURE_RUN'].includes(key),
      );
      expect(unexpected).toEqual([]);
      expect(unwrap(operation.tryPollResult())).toEqual({ kind: 'closed' });
    } finally {
      delete process.env[SECRET];
      delete process.env.G4A_TEST_PASSED;
    }
  });

  it('reads stdout to its end even when the child exits right after writing', async () => {
    const operation = startOperation(
      nodeExecutor(RESULT_WRITER, ['big', '200000']),
      'result-writer',
    );
    await waitForExit(operation);
    expect(resultText(unwrap(operation.tryPollResult()))).toBe('x'.repeat(200_000));
  });

  it('reports a non-zero exit and turns output that is not JSON into a contract violation', async () => {
    const operation = startOperation(fixtureExecutor('exiting'), 'exiting');
    expect(await waitForExit(operation)).toEqual({ success: false, code: 7 });
    expect(violationMessage(unwrap(operation.tryPollResult()))).toBe('provider result is not JSON');
  });

  it('a child that writes nothing closes its result', async () => {
    const operation = startOperation(fixtureExecutor('exit-success'), 'exit-success');
    expect(await waitForExit(operation)).toEqual({ success: true, code: 0 });
    expect(unwrap(operation.tryPollResult())).toEqual({ kind: 'closed' });
  });

  it('oversized output becomes a contract violation and never blocks the child', async () => {
    const operation = startOperation(
      fixtureExecutor('floods-output', [String(4 * 1024 * 1024)], { resultMaxBytes: 1_024 }),
      'floods-output',
    );
    expect(await waitForExit(operation)).toEqual({ success: true, code: 0 });
    expect(violationMessage(unwrap(operation.tryPollResult()))).toBe(
      'provider result exceeds 1024 bytes',
    );
  });

  it('requestStop sends SIGTERM to the process group', async () => {
    const operation = startOperation(fixtureExecutor('long-running'), 'long-running');
    expect(unwrap(operation.tryWait())).toBeNull();
    unwrap(operation.requestStop());
    unwrap(operation.requestStop());
    expect(await waitForExit(operation)).toEqual({ success: false, code: null });
    expect(processGroupGone(operation.pid)).toBe(true);
    // Once the exit is proven, stops are no-ops: the group id may already be reused.
    unwrap(operation.requestForceStop());
  });

  it('kills a grandchild left in the group before it reports the exit', async () => {
    const operation = startOperation(fixtureExecutor('spawns-grandchild'), 'spawns-grandchild');
    let grandchild: number | undefined;
    await waitUntil(() => {
      grandchild = findFixtureProcesses(fixtureRunTag()).find(
        ({ command, pid }) => command.includes('long-running.mjs') && pid !== operation.pid,
      )?.pid;
      return grandchild !== undefined;
    }, 'the grandchild');
    expect(await waitForExit(operation)).toEqual({ success: true, code: 0 });
    expect(isProcessAlive(grandchild!)).toBe(false);
    expect(processGroupGone(operation.pid)).toBe(true);
  });

  it('stops waiting for a pipe held open outside the group once the drain grace has passed', async () => {
    const clock = createFakeClock(0);
    const root = createFixtureRoot('g4a-escaper-');
    const marker = join(root, 'escaper.pid');
    const operation = startOperation(
      nodeExecutor(ESCAPER, [marker, fixtureScriptPath('long-running')], { now: clock.now }),
      'escapes-holding-stdout',
    );
    await waitUntil(
      () => existsSync(marker) && readFileSync(marker, 'utf8') !== '',
      'the escaper pid',
    );
    const escaper = Number(readFileSync(marker, 'utf8'));
    trackProcess(escaper, 'long-running');
    await waitUntil(() => {
      expect(unwrap(operation.tryWait())).toBeNull();
      return processGroupGone(operation.pid);
    }, 'the end of the leader');
    await sleep(50);
    expect(unwrap(operation.tryWait())).toBeNull();
    clock.advance(CHILD_PROCESS_STDIO_DRAIN_GRACE);
    expect(await waitForExit(operation)).toEqual({ success: true, code: 0 });
    expect(isProcessAlive(escaper)).toBe(true);
    process.kill(escaper, 'SIGKILL');
    await waitUntil(() => !isProcessAlive(escaper), 'the end of the escaper');
    rmSync(root, { recursive: true, force: true });
  });

  it('after a stop, reports the exit once the group is gone without waiting for a held pipe', async () => {
    const clock = createFakeClock(0);
    const root = createFixtureRoot('g4a-escaper-');
    const marker = join(root, 'escaper.pid');
    const operation = startOperation(
      nodeExecutor(ESCAPER, [marker, fixtureScriptPath('long-running')], { now: clock.now }),
      'escapes-holding-stdout',
    );
    await waitUntil(
      () => existsSync(marker) && readFileSync(marker, 'utf8') !== '',
      'the escaper pid',
    );
    const escaper = Number(readFileSync(marker, 'utf8'));
    trackProcess(escaper, 'long-running');
    await waitUntil(() => processGroupGone(operation.pid), 'the end of the leader');
    // The escaper still holds stdout, but a stopped operation's output is not wanted: no drain
    // grace (the fake clock never moves), the exit is reported as soon as it is seen.
    unwrap(operation.requestStop());
    expect(await waitForExit(operation)).toEqual({ success: true, code: 0 });
    expect(isProcessAlive(escaper)).toBe(true);
    process.kill(escaper, 'SIGKILL');
    await waitUntil(() => !isProcessAlive(escaper), 'the end of the escaper');
    rmSync(root, { recursive: true, force: true });
  });

  it('wakes its activity listener for every wait it cannot end by itself, so nothing polls', async () => {
    const executor = fixtureExecutor('spawns-grandchild');
    let wakes = 0;
    let unsubscribe = () => {};
    const exited = new Promise<unknown>((resolve) => {
      unsubscribe = executor.onActivity(() => {
        wakes += 1;
        // The only call site of tryWait: a host that never polls.
        const exit = unwrap(operation.tryWait());
        if (exit !== null) resolve(exit);
      });
    });
    const operation = startOperation(executor, 'spawns-grandchild');
    expect(await exited).toEqual({ success: true, code: 0 });
    unsubscribe();
    expect(wakes).toBeGreaterThan(0);
    expect(processGroupGone(operation.pid)).toBe(true);
  });

  it('dispose kills the whole group', async () => {
    const operation = startOperation(fixtureExecutor('long-running'), 'long-running');
    operation.dispose();
    expect(await waitForExit(operation)).toEqual({ success: false, code: null });
    operation.dispose();
  });

  it('with stdin ignored the child reads end-of-file at once', async () => {
    const operation = startOperation(
      fixtureExecutor('exits-on-stdin-eof', [], { stdin: 'ignore' }),
      'exits-on-stdin-eof',
    );
    expect(await waitForExit(operation)).toEqual({ success: true, code: 0 });
  });

  it('an executable that cannot be started fails the invocation as unavailable', () => {
    const executor = new ChildProcessProviderExecutor({
      command: '/nonexistent/gate4agent-provider',
    });
    const port = new FakeRuntimePort();
    expect(unwrapErr(executor.start(port.invoke(1)))).toEqual({
      kind: 'unavailable',
      redactedMessage: 'provider process could not be started',
    });
  });

  it('rejects a launch policy that cannot be run as misuse', () => {
    const make = (config: ConstructorParameters<typeof ChildProcessProviderExecutor>[0]) => () =>
      new ChildProcessProviderExecutor(config);
    expect(make({ command: '' })).toThrow(Gate4AgentError);
    expect(make({ command: 'node', args: ['a\0b'] })).toThrow(Gate4AgentError);
    expect(make({ command: 'node', env: { 'A=B': 'x' } })).toThrow(Gate4AgentError);
    expect(make({ command: 'node', resultMaxBytes: 0 })).toThrow(Gate4AgentError);
    expect(make({ command: 'node', resultMaxBytes: 512 * 1_024 + 1 })).toThrow(Gate4AgentError);
    expect(make({ command: 'node', resultMaxBytes: 512 * 1_024 })).not.toThrow();
  });
});
