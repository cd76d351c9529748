// NativeEffectShell stop and natural exit over a session's kill domain: a stop that SIGTERM alone
// finishes reads as clean; only a SIGKILL makes it forced; a natural exit ends what the agent left.
import { Gate4AgentKernel } from '@gate4agent/kernel';
import {
  DESCENDANT_PID_MARKER,
  driveUntil,
  type FixtureProgram,
  fixtureLaunch,
  interactiveAgentSpec,
  isProcessAlive,
  trackProcess,
  useFixtureTracking,
} from '@gate4agent/testkit';
import type { AgentSpec, ObservationEnvelope } from '@gate4agent/types';
import { AgentInstanceId } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NativeEffectShell } from '../../src/pty/native-effect-shell.js';
import { command, registry } from '../runtime/support/fixtures.js';
import { ptyInstanceCommands } from '../runtime/support/start-pty-instance.js';

useFixtureTracking({ beforeEach, afterEach });

const shells: NativeEffectShell[] = [];
afterEach(async () => {
  for (const shell of shells.splice(0)) await shell.dispose();
});

const instanceId = AgentInstanceId.of(41);

function specRunning(program: FixtureProgram, args: string[] = []): AgentSpec {
  const spec = structuredClone(interactiveAgentSpec());
  spec.launch = fixtureLaunch(program, args);
  return spec;
}

/** Registers and starts `spec` under the raw PTY policy; returns the kernel, shell and key. */
async function start(spec: AgentSpec, ptyStopGraceMs: number) {
  const catalog = registry(spec);
  const shell = new NativeEffectShell(catalog, { ptyStopGraceMs });
  shells.push(shell);
  const kernel = new Gate4AgentKernel(catalog);
  const commands = ptyInstanceCommands({
    instanceId,
    agentId: spec.id,
    size: { rows: 12, columns: 80 },
  });
  kernel.step([commands.register], []);
  const starting = kernel.step([commands.start], []);
  const spawned = await shell.execute(starting.effects[0]!);
  expect(spawned.observation.kind).toBe('spawned');
  if (spawned.observation.kind !== 'spawned' || spawned.observation.processId === null) {
    throw new Error('spawn failed');
  }
  trackProcess(spawned.observation.processId, 'shell stop test', { group: true });
  kernel.step([], [spawned]);
  const key = { instanceId, generation: kernel.snapshot().sessions[0]!.generation };
  return { kernel, shell, key };
}

async function screenOf(
  shell: NativeEffectShell,
  key: Parameters<NativeEffectShell['terminalSnapshot']>[0],
  text: string,
) {
  let contents = '';
  await driveUntil(
    () => {
      const snapshot = shell.terminalSnapshot(key);
      contents = snapshot.ok ? snapshot.value.contents : contents;
      return contents.includes(text);
    },
    { message: `the screen never showed ${text}` },
  );
  return contents;
}

function escapeeOn(contents: string, label: string): number {
  const pid = Number(new RegExp(`${DESCENDANT_PID_MARKER}(\\d+)`).exec(contents)?.[1]);
  expect(pid).toBeGreaterThan(0);
  trackProcess(pid, label);
  return pid;
}

describe('NativeEffectShell stop over the kill domain', () => {
  it('a stop that SIGTERM alone finishes is a clean stop', async () => {
    const { kernel, shell, key } = await start(specRunning('control-fixture'), 10_000);
    await screenOf(shell, key, 'fixture-ready>');
    const stop = kernel.step([command(3, { kind: 'stop', instanceId, force: false })], []);
    const stopped = await shell.execute(stop.effects[0]!);
    // The fixture traps nothing: SIGTERM kills it (a signal death reads as exit code 1).
    expect(stopped.observation).toMatchObject({
      kind: 'stop-completed',
      forced: false,
      exitCode: 1,
    });
    expect(shell.activeSessionCount()).toBe(0);
  });

  it('a stop that needs SIGKILL after the grace is forced, and leaves nothing', async () => {
    const { kernel, shell, key } = await start(specRunning('nohup-escaper'), 200);
    const escapee = escapeeOn(await screenOf(shell, key, 'escaper-ready>'), 'nohup escapee');
    const stop = kernel.step([command(3, { kind: 'stop', instanceId, force: false })], []);
    const stopped = await shell.execute(stop.effects[0]!);
    expect(stopped.observation).toMatchObject({ kind: 'stop-completed', forced: true });
    expect(isProcessAlive(escapee)).toBe(false);
  });

  it('the natural exit of the agent ends the rest of its domain', async () => {
    const { shell, key } = await start(specRunning('setsid-escaper', ['300']), 2_000);
    const escapee = escapeeOn(await screenOf(shell, key, 'escaper-ready>'), 'setsid escapee');
    let exits: ObservationEnvelope[] = [];
    await driveUntil(
      async () => {
        exits = await shell.collectExits();
        return exits.length > 0;
      },
      { message: 'the agent did not exit' },
    );
    expect(exits[0]?.observation).toMatchObject({ kind: 'process-exited', exitCode: 0 });
    expect(isProcessAlive(escapee)).toBe(false);
  });
});
