// Issue #11, item 2: a dialog only a person should answer (here the testkit fixture's trust
// dialog) shows in the snapshot, refuses semantic input, fails readiness at once with its name,
// and is answered by operator keys.
import { Gate4AgentKernel } from '@gate4agent/kernel';
import {
  CONTROL_FIXTURE_ID,
  trackProcess,
  trustDialogAgentSpec,
  useFixtureTracking,
} from '@gate4agent/testkit';
import {
  AgentId,
  AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  type InputAction,
  OperationId,
  operatorActionRequiredMessage,
  prepareInput,
  unwrap,
} from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NativeEffectShell } from '../../src/pty/native-effect-shell.js';
import { command, registry, semanticRuntimePolicy, sleep } from '../runtime/support/fixtures.js';
import { ptyInstanceCommands } from '../runtime/support/start-pty-instance.js';

useFixtureTracking({ beforeEach, afterEach });

const shells: NativeEffectShell[] = [];
afterEach(async () => {
  for (const shell of shells.splice(0)) await shell.dispose();
});

const instanceId = AgentInstanceId.of(611);

async function startGated(prompt: string | null = null, afterReady = false) {
  const spec = trustDialogAgentSpec();
  if (afterReady) spec.prompt = { ...spec.prompt, initial: { kind: 'after-ready' } };
  // Far beyond the test timeout: a readiness that waited for it instead of failing would hang.
  spec.readiness = { ...spec.readiness, timeoutMs: 600_000 };
  const catalog = registry(spec);
  const shell = new NativeEffectShell(catalog);
  shells.push(shell);
  const kernel = new Gate4AgentKernel(catalog);
  const { register, start } = ptyInstanceCommands({
    instanceId,
    runtimePolicy: semanticRuntimePolicy(),
    size: { rows: 12, columns: 64 },
    initialPrompt: prompt,
  });
  kernel.step([register], []);
  const starting = kernel.step([start], []);
  const spawn = await shell.execute(starting.effects[0]!);
  if (spawn.observation.kind === 'spawned' && spawn.observation.processId !== null) {
    trackProcess(spawn.observation.processId, 'operator-gate test', { group: true });
  }
  kernel.step([], [spawn]);
  return { kernel, shell, spawn };
}

/** Feeds frames to the kernel until `done` holds for the screen (15 s fixture bound). */
async function framesUntil(
  kernel: Gate4AgentKernel,
  shell: NativeEffectShell,
  done: (contents: string) => boolean,
): Promise<void> {
  const deadline = performance.now() + 15_000;
  for (;;) {
    kernel.step([], shell.collectTerminalFrames());
    const frame = kernel.snapshot().sessions[0]!.terminalFrame;
    if (frame !== null && done(frame.contents)) return;
    if (performance.now() > deadline) throw new Error('fixture screen timeout');
    await sleep(20);
  }
}

/** Sends `action` through the kernel and executes its effect on the shell. */
async function send(kernel: Gate4AgentKernel, shell: NativeEffectShell, action: InputAction) {
  const stepped = kernel.step([command(30, { kind: 'send-input', instanceId, action })], []);
  const effect = stepped.effects[0];
  if (effect === undefined) return null;
  const observed = await shell.execute(effect);
  kernel.step([], [observed]);
  return observed.observation;
}

describe('operator gates on a real PTY', () => {
  it('shows the trust dialog in the snapshot, refuses prompts and takes operator keys', async () => {
    const { kernel, shell, spawn } = await startGated();
    expect(spawn.observation.kind).toBe('spawned');
    await framesUntil(kernel, shell, (contents) => contents.includes("Don't trust"));
    const gate = kernel.snapshot().sessions[0]!.operatorGate;
    expect(gate).toEqual({
      kind: 'trust',
      agentId: CONTROL_FIXTURE_ID,
      text: "Do you trust the files in this folder?\n❯ 1. Trust folder\n2. Don't trust",
    });

    // The engine refuses semantic input while the gate shows ...
    const refused = kernel.step(
      [
        command(31, {
          kind: 'send-input',
          instanceId,
          action: { kind: 'submit-prompt', text: 'yes', framing: 'bracketed-paste' },
        }),
      ],
      [],
    );
    expect(refused.effects).toEqual([]);
    const outcome = refused.commandOutcomes[0]!.result;
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toMatchObject({
      kind: 'control',
      error: { kind: 'operator-action-required', gate },
    });

    // ... and so does the runtime, on the screen it sees, for a write that got past the engine.
    const generation = kernel.snapshot().sessions[0]!.generation;
    const direct = await shell.execute({
      protocolVersion: CONTROL_PROTOCOL_VERSION,
      operationId: OperationId.of(900),
      instanceId,
      generation,
      effect: {
        kind: 'write-input',
        input: unwrap(
          prepareInput({ kind: 'insert-draft', text: 'yes', framing: 'bracketed-paste' }),
        ),
        requiredForeground: { kind: 'agent', agentId: AgentId.of(CONTROL_FIXTURE_ID) },
      },
    });
    expect(direct.observation).toEqual({
      kind: 'input-failed',
      message: operatorActionRequiredMessage(gate!),
    });

    // Operator keys answer the dialog; the next frames clear the gate.
    const answered = await send(kernel, shell, { kind: 'operator-keys', keys: '1' });
    expect(answered).toEqual({ kind: 'input-completed' });
    await framesUntil(kernel, shell, (contents) => contents.includes('fixture-ready>'));
    expect(kernel.snapshot().sessions[0]!.terminalFrame!.contents).toContain('fixture-trust:49');
    expect(kernel.snapshot().sessions[0]!.operatorGate).toBeNull();
    const prompt = await send(kernel, shell, {
      kind: 'submit-prompt',
      text: 'after-trust',
      framing: 'bracketed-paste',
    });
    expect(prompt).toEqual({ kind: 'input-completed' });
    await framesUntil(kernel, shell, (contents) => contents.includes('fixture-echo:after-trust'));
  });

  it('fails the readiness of a deferred initial prompt at once, naming the gate, and types nothing', async () => {
    const { kernel, shell, spawn } = await startGated('must-not-answer-the-dialog', true);
    expect(spawn.observation.kind).toBe('spawn-failed');
    const message = spawn.observation.kind === 'spawn-failed' ? spawn.observation.message : '';
    expect(message).toBe(
      'agent \'control-fixture\' requires operator action at startup (control-fixture workspace trust dialog: "Do you trust the files in this folder?"); initial prompt was not submitted. Start it without an initial prompt and answer the dialog with operator keys, or answer it once in a terminal in that directory',
    );
    expect(shell.activeSessionCount()).toBe(0);
    expect(kernel.snapshot().sessions[0]!.status).toEqual({ kind: 'failed', message });
    expect(kernel.snapshot().sessions[0]!.operatorGate).toBeNull();
  });
});
