// Port of upstream crates/gate4agent-shell-native/tests/control_plane_pty.rs (the four tests in
// scope): the pure kernel and a NativeEffectShell drive real PTYs, one effect at a time.
import { mkdirSync, realpathSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { AgentRegistry } from '@gate4agent/agent-catalog';
import { Gate4AgentKernel } from '@gate4agent/kernel';
import {
  CONTROL_FIXTURE_ID,
  exitingAgentSpec,
  interactiveAgentSpec,
  trackProcess,
  useFixtureTracking,
} from '@gate4agent/testkit';
import type { AgentSpec, CommandEnvelope, ControlCommand, TerminalSize } from '@gate4agent/types';
import { AgentId, AgentInstanceId, ProviderRuntimePolicy } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NativeEffectShell } from '../../src/pty/native-effect-shell.js';
import type { NativeSessionKey } from '../../src/pty/native-session-key.js';
import {
  command,
  registry,
  semanticRuntimePolicy,
  sleep,
  startRequest,
} from '../runtime/support/fixtures.js';

const FIXTURE_TIMEOUT = 15_000;

useFixtureTracking({ beforeEach, afterEach });

const shells: NativeEffectShell[] = [];
afterEach(async () => {
  for (const shell of shells.splice(0)) await shell.dispose();
});

function harness(catalog: AgentRegistry): [Gate4AgentKernel, NativeEffectShell] {
  const shell = new NativeEffectShell(catalog);
  shells.push(shell);
  return [new Gate4AgentKernel(catalog), shell];
}

/** The fixture agent running `program args` instead of its script; `sh` is recognised as it. */
function scriptedSpec(program: string, args: string[]): AgentSpec {
  const spec = structuredClone(interactiveAgentSpec());
  spec.launch = { program, fixedArgs: args };
  spec.detection = { ...spec.detection, command: basename(program) };
  return spec;
}

async function executeOnlyEffect(
  kernel: Gate4AgentKernel,
  shell: NativeEffectShell,
  envelope: CommandEnvelope,
): Promise<void> {
  const step = kernel.step([envelope], []);
  expect(step.commandOutcomes[0]!.result.ok).toBe(true);
  expect(step.effects).toHaveLength(1);
  const observation = await shell.execute(step.effects[0]!);
  const completed = kernel.step([], [observation]);
  expect(completed.effects).toEqual([]);
}

async function waitForContents(
  shell: NativeEffectShell,
  key: NativeSessionKey,
  expected: string,
): Promise<void> {
  const deadline = performance.now() + FIXTURE_TIMEOUT;
  for (;;) {
    const snapshot = shell.terminalSnapshot(key);
    expect(snapshot.ok).toBe(true);
    if (snapshot.ok && snapshot.value.contents.includes(expected)) return;
    if (performance.now() > deadline) throw new Error(`fixture output timeout: ${expected}`);
    await sleep(20);
  }
}

function register(instanceId: AgentInstanceId): CommandEnvelope {
  return command(1, {
    kind: 'register',
    instanceId,
    agentId: AgentId.of(CONTROL_FIXTURE_ID),
    transport: 'pty',
  });
}

function start(
  id: number,
  instanceId: AgentInstanceId,
  size: TerminalSize,
  runtimePolicy = ProviderRuntimePolicy.rawPty(),
  workingDirectory = process.cwd(),
): CommandEnvelope {
  const body: ControlCommand = {
    kind: 'start',
    instanceId,
    runtimePolicy,
    request: startRequest(size, null, workingDirectory),
  };
  return command(id, body);
}

describe('control plane over real PTYs', () => {
  // Upstream runs this on Windows only (a `\\?\` verbatim workspace); on Unix the same contract is
  // that the child starts in exactly the requested, already canonical workspace.
  it('pty_child_normalizes_a_verbatim_requested_workspace', async () => {
    const created = join(tmpdir(), `gate4agent-pty-cwd-${process.pid}`);
    mkdirSync(created, { recursive: true });
    const workspace = realpathSync(created);
    try {
      const script =
        "process.stdout.write('fixture-cwd:' + process.cwd() + '\\r\\n\\u001b[?2004h\\u001b[?25hfixture-ready>'); setTimeout(() => {}, 60000);";
      const [kernel, shell] = harness(registry(scriptedSpec(process.execPath, ['-e', script])));
      const instanceId = AgentInstanceId.of(500);
      const registered = kernel.step([register(instanceId)], []);
      expect(registered.commandOutcomes[0]!.result.ok).toBe(true);
      await executeOnlyEffect(
        kernel,
        shell,
        start(2, instanceId, { rows: 12, columns: 160 }, ProviderRuntimePolicy.rawPty(), workspace),
      );
      const running = kernel.snapshot().sessions[0]!;
      const key = { instanceId, generation: running.generation };
      await waitForContents(shell, key, `fixture-cwd:${workspace}`);
      await executeOnlyEffect(kernel, shell, command(3, { kind: 'stop', instanceId, force: true }));
      expect(shell.activeSessionCount()).toBe(0);
    } finally {
      rmdirSync(created);
    }
  });

  it('kernel_effects_drive_real_pty_input_resize_and_tree_stop', async () => {
    const script =
      "printf '\\033[?2004h\\033[?25hfixture-ready>'; for i in 1 2 3; do IFS= read -r line; printf 'fixture-echo:%s\\n' \"$line\"; done; sleep 60";
    const [kernel, shell] = harness(registry(scriptedSpec('sh', ['-c', script])));
    const instanceId = AgentInstanceId.of(501);
    const initialSize: TerminalSize = { rows: 10, columns: 40 };
    const registered = kernel.step([register(instanceId)], []);
    expect(registered.commandOutcomes[0]!.result.ok).toBe(true);
    await executeOnlyEffect(
      kernel,
      shell,
      start(2, instanceId, initialSize, semanticRuntimePolicy()),
    );
    const running = kernel.snapshot().sessions[0]!;
    expect(running.status.kind).toBe('running');
    expect(running.processId).not.toBeNull();
    expect(running.terminalSize).toEqual(initialSize);
    const key = { instanceId, generation: running.generation };
    await waitForContents(shell, key, 'fixture-ready>');

    await executeOnlyEffect(
      kernel,
      shell,
      command(3, {
        kind: 'send-input',
        instanceId,
        action: {
          kind: 'agent-command',
          agentId: AgentId.of(CONTROL_FIXTURE_ID),
          name: 'status',
          arguments: ['detail'],
        },
      }),
    );
    await waitForContents(shell, key, 'fixture-echo:/status detail');

    await executeOnlyEffect(
      kernel,
      shell,
      command(4, {
        kind: 'send-input',
        instanceId,
        action: {
          kind: 'submit-prompt',
          text: 'No auth type is selected',
          framing: 'bracketed-paste',
        },
      }),
    );
    await waitForContents(shell, key, 'fixture-echo:No auth type is selected');

    await executeOnlyEffect(
      kernel,
      shell,
      command(5, {
        kind: 'send-input',
        instanceId,
        action: {
          kind: 'submit-prompt',
          text: 'followup-after-gate-like-history',
          framing: 'bracketed-paste',
        },
      }),
    );
    await waitForContents(shell, key, 'fixture-echo:followup-after-gate-like-history');

    const resized: TerminalSize = { rows: 21, columns: 71 };
    await executeOnlyEffect(
      kernel,
      shell,
      command(6, { kind: 'resize', instanceId, size: resized }),
    );
    expect(kernel.snapshot().sessions[0]!.terminalSize).toEqual(resized);
    const snapshot = shell.terminalSnapshot(key);
    expect(snapshot.ok && snapshot.value.size.rows).toBe(resized.rows);
    expect(snapshot.ok && snapshot.value.size.cols).toBe(resized.columns);

    await executeOnlyEffect(kernel, shell, command(7, { kind: 'stop', instanceId, force: false }));
    expect(kernel.snapshot().sessions[0]!.status.kind).toBe('exited');
    expect(
      kernel
        .snapshot()
        .sessions[0]!.terminalFrame?.contents.includes(
          'fixture-echo:followup-after-gate-like-history',
        ),
    ).toBe(true);
    expect(shell.activeSessionCount()).toBe(0);
  });

  it('real_pty_scrollback_reaches_terminal_frame', async () => {
    const script =
      "i=0; while [ $i -lt 24 ]; do printf 'scroll-%02d\\n' \"$i\"; i=$((i + 1)); done; printf 'fixture-ready>'; sleep 60";
    const [kernel, shell] = harness(registry(scriptedSpec('sh', ['-c', script])));
    const instanceId = AgentInstanceId.of(511);
    const registered = kernel.step([register(instanceId)], []);
    expect(registered.commandOutcomes[0]!.result.ok).toBe(true);
    await executeOnlyEffect(kernel, shell, start(2, instanceId, { rows: 4, columns: 40 }));
    const running = kernel.snapshot().sessions[0]!;
    const key = { instanceId, generation: running.generation };
    await waitForContents(shell, key, 'fixture-ready>');

    const live = shell.terminalSnapshot(key);
    expect(live.ok).toBe(true);
    if (!live.ok) return;
    expect(live.value.scrollbackFormatted.length).toBeGreaterThanOrEqual(16);
    expect(live.value.scrollbackFormatted.length).toBeLessThanOrEqual(256);
    const decoder = new TextDecoder();
    expect(
      live.value.scrollbackFormatted.some((row) => decoder.decode(row).includes('scroll-')),
    ).toBe(true);

    await executeOnlyEffect(kernel, shell, command(3, { kind: 'stop', instanceId, force: true }));
    const finalFrame = kernel.snapshot().sessions[0]!.terminalFrame;
    expect(finalFrame).not.toBeNull();
    expect(finalFrame!.scrollbackFormatted.length).toBeGreaterThanOrEqual(16);
    expect(shell.activeSessionCount()).toBe(0);
  });

  it('natural_exit_is_collected_as_generation_bound_observation', async () => {
    const catalog = registry(exitingAgentSpec());
    const [kernel, shell] = harness(catalog);
    const instanceId = AgentInstanceId.of(502);
    const first = kernel.step(
      [register(instanceId), start(2, instanceId, { rows: 10, columns: 40 })],
      [],
    );
    const spawn = await shell.execute(first.effects[0]!);
    if (spawn.observation.kind === 'spawned' && spawn.observation.processId !== null) {
      trackProcess(spawn.observation.processId, 'exiting', { group: true });
    }
    kernel.step([], [spawn]);
    const deadline = performance.now() + FIXTURE_TIMEOUT;
    for (;;) {
      const exits = await shell.collectExits();
      if (exits.length > 0) {
        kernel.step([], exits);
        break;
      }
      if (performance.now() > deadline) throw new Error('natural exit timeout');
      await sleep(20);
    }
    expect(kernel.snapshot().sessions[0]!.status).toEqual({ kind: 'exited', exitCode: 7 });
    expect(kernel.snapshot().sessions[0]!.terminalFrame?.contents.includes('fixture-exit')).toBe(
      true,
    );
    expect(shell.activeSessionCount()).toBe(0);
  });
});
