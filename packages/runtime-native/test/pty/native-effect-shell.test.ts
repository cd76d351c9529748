import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gate4AgentKernel } from '@gate4agent/kernel';
import {
  CONTROL_FIXTURE_ID,
  interactiveAgentSpec,
  trackProcess,
  useFixtureTracking,
} from '@gate4agent/testkit';
import type { AgentSpec, EffectEnvelope, ObservationEnvelope } from '@gate4agent/types';
import {
  AgentId,
  AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  OperationId,
  SessionGeneration,
} from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NativeEffectShell } from '../../src/pty/native-effect-shell.js';
import {
  command,
  registry,
  semanticRuntimePolicy,
  sleep,
  startRequest,
} from '../runtime/support/fixtures.js';
import { ptyInstanceCommands } from '../runtime/support/start-pty-instance.js';

useFixtureTracking({ beforeEach, afterEach });

const shells: NativeEffectShell[] = [];
afterEach(async () => {
  for (const shell of shells.splice(0)) await shell.dispose();
});

function shellFor(spec: AgentSpec): [Gate4AgentKernel, NativeEffectShell] {
  const catalog = registry(spec);
  const shell = new NativeEffectShell(catalog);
  shells.push(shell);
  return [new Gate4AgentKernel(catalog), shell];
}

function afterReadySpec(script?: string): AgentSpec {
  const spec = structuredClone(interactiveAgentSpec());
  spec.prompt = { ...spec.prompt, initial: { kind: 'after-ready' } };
  if (script !== undefined) {
    spec.launch = { program: 'sh', fixedArgs: ['-c', script] };
    spec.detection = { ...spec.detection, command: 'sh' };
  }
  return spec;
}

function track(observation: ObservationEnvelope): void {
  if (observation.observation.kind === 'spawned' && observation.observation.processId !== null) {
    trackProcess(observation.observation.processId, 'control-fixture', { group: true });
  }
}

function effect(
  body: EffectEnvelope['effect'],
  protocolVersion = CONTROL_PROTOCOL_VERSION,
): EffectEnvelope {
  return {
    protocolVersion,
    operationId: OperationId.of(9),
    instanceId: AgentInstanceId.of(77),
    generation: SessionGeneration.of(1),
    effect: body,
  };
}

async function startWithPrompt(
  kernel: Gate4AgentKernel,
  shell: NativeEffectShell,
  instanceId: AgentInstanceId,
  prompt: string,
) {
  const { register, start } = ptyInstanceCommands({
    instanceId,
    commandId: 20,
    runtimePolicy: semanticRuntimePolicy(),
    size: { rows: 12, columns: 64 },
    initialPrompt: prompt,
  });
  kernel.step([register], []);
  const starting = kernel.step([start], []);
  expect(kernel.snapshot().sessions[0]!.status.kind).toBe('starting');
  const generation = kernel.snapshot().sessions[0]!.generation;
  const spawn = await shell.execute(starting.effects[0]!);
  track(spawn);
  return { spawn, generation };
}

describe('NativeEffectShell', () => {
  it('after_ready_initial_prompt_is_delivered_before_spawn_is_published', async () => {
    const [kernel, shell] = shellFor(afterReadySpec());
    const instanceId = AgentInstanceId.of(505);
    const { spawn, generation } = await startWithPrompt(
      kernel,
      shell,
      instanceId,
      'deferred-before-spawn',
    );
    expect(spawn.observation.kind).toBe('spawned');
    const key = { instanceId, generation };
    const deadline = performance.now() + 15_000;
    for (;;) {
      const snapshot = shell.terminalSnapshot(key);
      if (snapshot.ok && snapshot.value.contents.includes('fixture-echo:deferred-before-spawn'))
        break;
      if (performance.now() > deadline) throw new Error('deferred prompt timeout');
      await sleep(20);
    }
    expect(kernel.snapshot().sessions[0]!.status.kind).toBe('starting');
    kernel.step([], [spawn]);
    expect(kernel.snapshot().sessions[0]!.status.kind).toBe('running');
    const stop = kernel.step([command(22, { kind: 'stop', instanceId, force: true })], []);
    kernel.step([], [await shell.execute(stop.effects[0]!)]);
    expect(shell.activeSessionCount()).toBe(0);
  });

  it('startup_operator_gate_blocks_deferred_initial_prompt_and_owns_no_session', async () => {
    const [kernel, shell] = shellFor(
      afterReadySpec(
        "printf '\\033[?2004h\\033[?25hTrust this folder?'; IFS= read -r line; printf 'unexpected-input:%s' \"$line\"; sleep 60",
      ),
    );
    const instanceId = AgentInstanceId.of(507);
    const { spawn } = await startWithPrompt(kernel, shell, instanceId, 'must-not-confirm-the-gate');
    expect(spawn.observation.kind).toBe('spawn-failed');
    const message = spawn.observation.kind === 'spawn-failed' ? spawn.observation.message : '';
    expect(message).toContain('operator action');
    expect(message).toContain('workspace trust');
    expect(message).toContain('initial prompt was not submitted');
    expect(shell.activeSessionCount()).toBe(0);
    kernel.step([], [spawn]);
    expect(kernel.snapshot().sessions[0]!.status.kind).toBe('failed');
  });

  it('answers effects for missing sessions and bad input with the matching failure', async () => {
    const [, shell] = shellFor(interactiveAgentSpec());
    expect((await shell.execute(effect({ kind: 'stop', force: true }))).observation).toEqual({
      kind: 'stop-failed',
      message: 'native session AgentInstanceId(77)/SessionGeneration(1) does not exist',
    });
    expect(
      (await shell.execute(effect({ kind: 'resize', size: { rows: 0, columns: 80 } }))).observation,
    ).toEqual({ kind: 'resize-failed', message: 'terminal size is outside the supported range' });
    expect(
      (await shell.execute(effect({ kind: 'resize', size: { rows: 10, columns: 80 } })))
        .observation,
    ).toEqual({ kind: 'resize-failed', message: 'terminal resize requires a PTY session' });
    expect((await shell.execute(effect({ kind: 'interrupt' }))).observation).toEqual({
      kind: 'input-failed',
      message: 'semantic interrupt requires an ACP session',
    });
    const stale = await shell.execute(
      effect({ kind: 'stop', force: false }, CONTROL_PROTOCOL_VERSION - 1),
    );
    expect(stale.observation).toEqual({
      kind: 'stop-failed',
      message: `effect protocol version ${CONTROL_PROTOCOL_VERSION - 1} is unsupported; expected ${CONTROL_PROTOCOL_VERSION}`,
    });
    expect(stale.operationId).toBe(OperationId.of(9));
    const missing = shell.terminalSnapshot({
      instanceId: AgentInstanceId.of(77),
      generation: SessionGeneration.of(1),
    });
    expect(missing.ok).toBe(false);
  });

  it('fails a spawn before anything runs when the request or the agent is invalid', async () => {
    const [, shell] = shellFor(interactiveAgentSpec());
    const spawn = (agent: string, workingDirectory: string, transport: 'pty' | 'pipe' = 'pty') =>
      shell.execute(
        effect({
          kind: 'spawn',
          agentId: AgentId.of(agent),
          transport,
          runtimePolicy: semanticRuntimePolicy(),
          request: startRequest({ rows: 10, columns: 40 }, null, workingDirectory),
        }),
      );
    expect((await spawn(CONTROL_FIXTURE_ID, '')).observation).toEqual({
      kind: 'spawn-failed',
      message: 'working directory is invalid',
    });
    expect((await spawn('absent-agent', process.cwd())).observation).toEqual({
      kind: 'spawn-failed',
      message: "agent 'absent-agent' is absent from native catalog",
    });
    expect((await spawn(CONTROL_FIXTURE_ID, process.cwd(), 'pipe')).observation.kind).toBe(
      'spawn-failed',
    );
    expect(shell.activeSessionCount()).toBe(0);
  });

  it('fails a spawn with the reason when the program is missing or not executable', async () => {
    const spawnOf = async (program: string) => {
      const spec = structuredClone(interactiveAgentSpec());
      spec.launch = { program, fixedArgs: [] };
      const [, shell] = shellFor(spec);
      const observed = await shell.execute(
        effect({
          kind: 'spawn',
          agentId: AgentId.of(CONTROL_FIXTURE_ID),
          transport: 'pty',
          runtimePolicy: semanticRuntimePolicy(),
          request: startRequest({ rows: 10, columns: 40 }, null, process.cwd()),
        }),
      );
      expect(shell.activeSessionCount()).toBe(0);
      return observed.observation;
    };
    const missing = await spawnOf('gate4agent-no-such-cli');
    expect(missing.kind).toBe('spawn-failed');
    expect(missing.kind === 'spawn-failed' && missing.message).toMatch(
      /^cannot start agent 'control-fixture': 'gate4agent-no-such-cli' was not found on the child's PATH \(.+\); install it, or add its directory to PATH$/,
    );
    const dir = mkdtempSync(join(tmpdir(), 'not-executable-'));
    try {
      const file = join(dir, 'agent');
      writeFileSync(file, '#!/bin/sh\n', { mode: 0o644 });
      const notExecutable = await spawnOf(file);
      expect(notExecutable.kind === 'spawn-failed' && notExecutable.message).toContain(
        `'${file}' is not executable (EACCES)`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
