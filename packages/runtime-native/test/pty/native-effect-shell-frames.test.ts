// Frames are event-driven: the shell reads a screen only after xterm applied a change, says when
// the next publication is due, and spaces a session's frames by the frame interval.
import { Gate4AgentKernel } from '@gate4agent/kernel';
import {
  CONTROL_FIXTURE_ID,
  FIXTURE_TIMEOUT,
  interactiveAgentSpec,
  trackProcess,
  useFixtureTracking,
} from '@gate4agent/testkit';
import type { EffectEnvelope, ObservationEnvelope } from '@gate4agent/types';
import { AgentId, AgentInstanceId } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NativeEffectShell } from '../../src/pty/native-effect-shell.js';
import { TerminalScreen } from '../../src/pty/terminal-screen.js';
import { ObservationChannel } from '../../src/workers/observation-channel.js';
import { SessionWorker } from '../../src/workers/session-worker.js';
import { TerminalFrameCache } from '../../src/workers/terminal-frame-cache.js';
import { command, registry, sleep } from '../runtime/support/fixtures.js';
import { ptyInstanceCommands } from '../runtime/support/start-pty-instance.js';

useFixtureTracking({ beforeEach, afterEach });

const shells: NativeEffectShell[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const shell of shells.splice(0)) await shell.dispose();
});

/** Resolves once `ready()` holds, re-checked on every activity the shell reports. */
function activityUntil(listeners: Set<() => void>, ready: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      listeners.delete(check);
      reject(new Error(`the shell reported no such activity within ${FIXTURE_TIMEOUT} ms`));
    }, FIXTURE_TIMEOUT);
    const check = () => {
      if (!ready()) return;
      clearTimeout(timer);
      listeners.delete(check);
      resolve();
    };
    listeners.add(check);
    check();
  });
}

/**
 * Registers and starts a PTY instance of `agentId` on `kernel`, spawns it through `shell`, tracks
 * its process and feeds the spawn back to the kernel; returns the session key.
 */
async function spawnSession(
  shell: NativeEffectShell,
  kernel: Gate4AgentKernel,
  instanceId: AgentInstanceId,
  agentId: AgentId,
  columns: number,
) {
  const { register, start } = ptyInstanceCommands({
    instanceId,
    agentId,
    size: { rows: 10, columns },
  });
  kernel.step([register], []);
  const started = kernel.step([start], []);
  const spawn = await shell.execute(started.effects[0] as EffectEnvelope);
  if (spawn.observation.kind !== 'spawned') throw new Error(JSON.stringify(spawn.observation));
  trackProcess(spawn.observation.processId as number, `agent ${agentId}`, { group: true });
  kernel.step([], [spawn]);
  return { instanceId, generation: spawn.generation };
}

function frameOf(observation: ObservationEnvelope | undefined) {
  if (observation?.observation.kind !== 'terminal-frame') {
    throw new Error(`expected a terminal frame, got ${observation?.observation.kind}`);
  }
  return observation.observation.frame;
}

describe('NativeEffectShell frames', () => {
  it('reads no unchanged screen, says when a frame is due, and spaces frames by the interval', async () => {
    const catalog = registry(interactiveAgentSpec());
    const listeners = new Set<() => void>();
    let activity = 0;
    let clock = 1_000;
    const shell = new NativeEffectShell(catalog, {
      onActivity: () => {
        activity += 1;
        for (const listener of [...listeners]) listener();
      },
      frameIntervalMs: 50,
      now: () => clock,
    });
    shells.push(shell);
    const kernel = new Gate4AgentKernel(catalog);
    const key = await spawnSession(
      shell,
      kernel,
      AgentInstanceId.of(808),
      AgentId.of(CONTROL_FIXTURE_ID),
      50,
    );
    const { instanceId } = key;
    const contents = () => {
      const snapshot = shell.terminalSnapshot(key);
      return snapshot.ok ? snapshot.value.contents : '';
    };

    await activityUntil(listeners, () => contents().includes('fixture-ready>'));
    expect(activity).toBeGreaterThan(0);
    // The first change after a quiet spell is due at once.
    expect(shell.nextPublicationAt()).toBeLessThanOrEqual(clock);
    const [first, ...rest] = shell.collectTerminalFrames();
    expect(rest).toEqual([]);
    const frame = frameOf(first);
    expect(frame.contents).toContain('fixture-ready>');
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(frame)).toBe(true);
    expect(Object.isFrozen(frame.scrollbackFormatted)).toBe(true);

    // Nothing changed: nothing is due and the screen is not even read.
    const snapshots = vi.spyOn(TerminalScreen.prototype, 'snapshot');
    expect(shell.nextPublicationAt()).toBeNull();
    expect(shell.collectTerminalFrames()).toEqual([]);
    expect(snapshots).not.toHaveBeenCalled();

    // A change within the interval is due when the interval ends, not before.
    const resize = kernel.step(
      [command(3, { kind: 'resize', instanceId, size: { rows: 12, columns: 40 } })],
      [],
    );
    const seen = activity;
    const resized = resize.effects.find((effect) => effect.effect.kind === 'resize');
    const resizeDone = await shell.execute(resized as EffectEnvelope);
    expect(resizeDone.observation.kind).toBe('resize-completed');
    kernel.step([], [resizeDone]);
    expect(activity).toBeGreaterThan(seen);
    expect(shell.nextPublicationAt()).toBe(1_050);
    expect(shell.collectTerminalFrames()).toEqual([]);
    clock = 1_050;
    const second = frameOf(shell.collectTerminalFrames()[0]);
    expect(second.size).toEqual({ rows: 12, columns: 40 });
    expect(second.sequence).toBeGreaterThan(frame.sequence);
    expect(shell.nextPublicationAt()).toBeNull();

    // Two frames in a row doubled the spacing to 100 ms, but a change whose output then went
    // quiet (TERMINAL_FRAME_QUIET after 1_050) is framed once the interval is over.
    const again = kernel.step(
      [command(4, { kind: 'resize', instanceId, size: { rows: 11, columns: 40 } })],
      [],
    );
    const resizedAgain = again.effects.find((effect) => effect.effect.kind === 'resize');
    const againDone = await shell.execute(resizedAgain as EffectEnvelope);
    expect(againDone.observation.kind).toBe('resize-completed');
    kernel.step([], [againDone]);
    // The quiet timer runs on real time: the shell reports activity when it fires.
    await activityUntil(listeners, () => shell.nextPublicationAt() === 1_100);
    clock = 1_099;
    expect(shell.collectTerminalFrames()).toEqual([]);
    clock = 1_100;
    expect(frameOf(shell.collectTerminalFrames()[0]).size).toEqual({ rows: 11, columns: 40 });

    // That quiet frame kept the 100 ms spacing: output resuming at once is the same flood, due
    // a full spacing later (or once quiet, after the 50 ms interval), not framed at 50 ms again.
    const third = kernel.step(
      [command(5, { kind: 'resize', instanceId, size: { rows: 10, columns: 40 } })],
      [],
    );
    const resizedThird = third.effects.find((effect) => effect.effect.kind === 'resize');
    expect((await shell.execute(resizedThird as EffectEnvelope)).observation.kind).toBe(
      'resize-completed',
    );
    expect(shell.nextPublicationAt()).toBe(1_200);
    await activityUntil(listeners, () => shell.nextPublicationAt() === 1_150);
  });

  it('under a flood only writes that make the pending frame due sooner report activity', async () => {
    // Waits for a line, then writes about 1 MiB in many PTY chunks and stays.
    const flood = [
      "process.stdout.write('flood?');",
      "process.stdin.once('data', () => {",
      "  const block = ('y'.repeat(79) + '\\n').repeat(64);",
      '  let left = 200;',
      '  const pump = () => {',
      '    while (left > 0) {',
      '      left -= 1;',
      "      if (!process.stdout.write(block)) return void process.stdout.once('drain', pump);",
      '    }',
      "    process.stdout.write('flood-done');",
      '  };',
      '  pump();',
      '});',
      'setInterval(() => {}, 60_000);',
    ].join('\n');
    const spec = interactiveAgentSpec();
    spec.launch = { program: process.execPath, fixedArgs: ['-e', flood] };
    const catalog = registry(spec);
    let activity = 0;
    const shell = new NativeEffectShell(catalog, {
      onActivity: () => {
        activity += 1;
      },
      frameIntervalMs: 50,
      now: () => 1_000,
    });
    shells.push(shell);
    const kernel = new Gate4AgentKernel(catalog);
    const key = await spawnSession(shell, kernel, AgentInstanceId.of(810), spec.id, 80);
    const { instanceId } = key;
    const screenUntil = async (text: string) => {
      const deadline = performance.now() + FIXTURE_TIMEOUT;
      for (;;) {
        const snapshot = shell.terminalSnapshot(key);
        if (snapshot.ok && snapshot.value.contents.includes(text)) return snapshot.value;
        if (performance.now() > deadline) throw new Error(`the screen never showed ${text}`);
        await sleep(20);
      }
    };
    await screenUntil('flood?');
    const before = frameOf(shell.collectTerminalFrames()[0]).sequence;
    activity = 0;

    const input = kernel.step(
      [
        command(3, {
          kind: 'send-input',
          instanceId,
          action: { kind: 'terminal-control', control: 'enter' },
        }),
      ],
      [],
    );
    const written = await shell.execute(input.effects[0] as EffectEnvelope);
    expect(written.observation.kind).toBe('input-completed');
    const flooded = await screenUntil('flood-done');
    // Dozens of chunks were applied, yet only the first of them and the one after which the
    // emulator first caught up (a quiet frame may then be due sooner) moved the due frame.
    expect(flooded.sequence - before).toBeGreaterThan(20);
    expect(activity).toBeGreaterThanOrEqual(1);
    expect(activity).toBeLessThanOrEqual(2);
    expect(shell.nextPublicationAt()).toBe(1_050);
  });

  it('a quiet timer due while output still waits unread does not take it for quiet', async () => {
    // `cat` in a fresh PTY: the line discipline echoes every input as soon as it is written.
    const spec = interactiveAgentSpec();
    spec.launch = { program: 'cat', fixedArgs: [] };
    const catalog = registry(spec);
    const listeners = new Set<() => void>();
    let clock = 1_000;
    const shell = new NativeEffectShell(catalog, {
      onActivity: () => {
        for (const listener of [...listeners]) listener();
      },
      frameIntervalMs: 50,
      now: () => clock,
    });
    shells.push(shell);
    const kernel = new Gate4AgentKernel(catalog);
    const key = await spawnSession(shell, kernel, AgentInstanceId.of(811), spec.id, 50);
    const { instanceId } = key;
    const contents = () => {
      const snapshot = shell.terminalSnapshot(key);
      return snapshot.ok ? snapshot.value.contents : '';
    };
    let id = 3;
    // Types `text`; the write itself happens before `execute` returns its promise.
    const type = (text: string) => {
      const step = kernel.step(
        [
          command(id++, {
            kind: 'send-input',
            instanceId,
            action: { kind: 'terminal-text', text },
          }),
        ],
        [],
      );
      return shell.execute(step.effects[0] as EffectEnvelope).then((done) => {
        kernel.step([], [done]);
        return done;
      });
    };

    // Two frames of continuous output: the spacing doubles to 100 ms after the one at 1_050.
    await type('a');
    await activityUntil(listeners, () => contents().includes('a'));
    frameOf(shell.collectTerminalFrames()[0]);
    await type('b');
    await activityUntil(listeners, () => contents().includes('ab'));
    clock = 1_050;
    frameOf(shell.collectTerminalFrames()[0]);
    await type('c');
    await activityUntil(listeners, () => contents().includes('abc'));
    expect(shell.nextPublicationAt()).toBe(1_150);

    // In a check phase: type 'd' and hold the thread past TERMINAL_FRAME_QUIET, as a process
    // that is not scheduled would. The loop's next turn runs the due quiet timer before its
    // poll reads the echo; an immediate queued now looks right after that poll.
    const observed = await new Promise<number | null>((resolve) => {
      setImmediate(() => {
        void type('d');
        const until = performance.now() + 40;
        while (performance.now() < until) {
          // The thread is busy: the echo waits in the PTY.
        }
        setImmediate(() => resolve(shell.nextPublicationAt()));
      });
    });
    // Not quiet: the frame stays due a full spacing after the last one.
    expect(observed).toBe(1_150);
    await activityUntil(listeners, () => contents().includes('abcd'));
    await activityUntil(listeners, () => shell.nextPublicationAt() === 1_100);
  });

  it('a session worker with an idle live session reads no screen and publishes nothing', async () => {
    const catalog = registry(interactiveAgentSpec());
    const kernel = new Gate4AgentKernel(catalog);
    const instanceId = AgentInstanceId.of(809);
    const commands = ptyInstanceCommands({ instanceId, size: { rows: 10, columns: 50 } });
    kernel.step([commands.register], []);
    const start = kernel.step([commands.start], []);
    const inserted = new Set<() => void>();
    const frames = new TerminalFrameCache(() => {
      for (const listener of [...inserted]) listener();
    });
    const channel = new ObservationChannel(8, () => {});
    const worker = new SessionWorker(
      {
        catalog,
        channel,
        frames,
        activeSessions: { value: 0 },
        pollIntervalMs: 5,
        idleTimeoutMs: 60_000,
        ptyStopGraceMs: 2_000,
        now: () => performance.now(),
        onWorkerError: () => {},
      },
      4,
      809,
    );
    try {
      const seen: string[] = [];
      const ready = activityUntil(inserted, () => {
        for (const frame of frames.take(8)) seen.push(frameOf(frame).contents);
        return seen.some((contents) => contents.includes('fixture-ready>'));
      });
      worker.trySend({
        effect: start.effects[0] as EffectEnvelope,
        overlay: { env: [], extraArgs: [] },
      });
      await ready;
      const spawned = channel.tryRecv();
      if (spawned?.observation.kind === 'spawned' && spawned.observation.processId !== null) {
        trackProcess(spawned.observation.processId, 'control-fixture', { group: true });
      }
      expect(spawned?.observation.kind).toBe('spawned');
      // The old worker built a snapshot every poll interval (5 ms here) whether or not anything
      // changed; an event-driven one reads nothing while the agent sits at its prompt.
      const snapshots = vi.spyOn(TerminalScreen.prototype, 'snapshot');
      let insertions = 0;
      inserted.add(() => {
        insertions += 1;
      });
      await sleep(300);
      expect(snapshots).not.toHaveBeenCalled();
      expect(insertions).toBe(0);
      expect(channel.length).toBe(0);
    } finally {
      await worker.dispose();
    }
  });
});
