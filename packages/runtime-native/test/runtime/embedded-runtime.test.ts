// Port of upstream crates/gate4agent-runtime-native/tests/embedded_runtime.rs (the three tests in
// scope): the public handle drives a runtime with real PTY fixture agents.
import type { EventSubscription } from '@gate4agent/handle';
import {
  CONTROL_FIXTURE_ID,
  driveUntil,
  interactiveAgentSpec,
  useFixtureTracking,
} from '@gate4agent/testkit';
import type { ControlEvent, TerminalSize } from '@gate4agent/types';
import { AgentId, AgentInstanceId, CommandId, unwrap } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NativeRuntime } from '../../src/runtime/native-runtime.js';
import { command, registry, semanticRuntimePolicy, trackedTicks } from './support/fixtures.js';
import { startPtyInstance } from './support/start-pty-instance.js';

useFixtureTracking({ beforeEach, afterEach });

const runtimes: NativeRuntime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.dispose();
});

function drainEvents(subscription: EventSubscription, events: ControlEvent[]): void {
  for (let next = subscription.tryRecv(); next.ok; next = subscription.tryRecv()) {
    events.push(next.value);
  }
}

const fixtureAgent = () => AgentId.of(CONTROL_FIXTURE_ID);

describe('embedded runtime', () => {
  it('public_handle_drives_embedded_runtime_to_real_pty_and_back', async () => {
    const [handle, runtime] = NativeRuntime.new(registry(interactiveAgentSpec()), {
      commandCapacity: 16,
      maxCommandsPerTick: 16,
    });
    runtimes.push(runtime);
    const drive = trackedTicks(runtime, handle);
    const subscription = handle.subscribe(64);
    const instanceId = AgentInstanceId.of(701);
    const initialSize: TerminalSize = { rows: 12, columns: 48 };
    startPtyInstance(handle, {
      instanceId,
      runtimePolicy: semanticRuntimePolicy(),
      size: initialSize,
    });
    // tick() is synchronous: it cannot await the PTY spawn (upstream bounds it by 500 ms).
    const started = runtime.tick();
    expect(started.commandOutcomes.every((outcome) => outcome.result.ok)).toBe(true);
    expect(started.effectsDispatched).toBe(1);
    expect(handle.snapshot().sessions[0]!.status.kind).toBe('starting');

    await driveUntil(() => handle.snapshot().sessions[0]!.status.kind === 'running', {
      ...drive,
      intervalMs: 20,
      message: 'PTY spawn completion timeout',
    });
    expect(runtime.activeNativeSessions()).toBe(1);
    await driveUntil(
      () =>
        handle.snapshot().sessions[0]!.terminalFrame?.contents.includes('fixture-ready>') === true,
      { ...drive, intervalMs: 20, message: 'initial terminal frame timeout' },
    );

    unwrap(
      handle.dispatch(
        command(3, {
          kind: 'send-input',
          instanceId,
          action: {
            kind: 'agent-command',
            agentId: fixtureAgent(),
            name: 'status',
            arguments: ['detail'],
          },
        }),
      ),
    );
    // Readiness waits happen in the worker; the tick only dispatches.
    runtime.tick();
    await driveUntil(
      () =>
        handle
          .snapshot()
          .sessions[0]!.terminalFrame?.contents.includes('fixture-echo:/status detail') === true,
      { ...drive, intervalMs: 20, message: 'agent-command output timeout' },
    );

    const resized: TerminalSize = { rows: 21, columns: 71 };
    unwrap(handle.dispatch(command(4, { kind: 'resize', instanceId, size: resized })));
    runtime.tick();
    await driveUntil(
      () => {
        const size = handle.snapshot().sessions[0]!.terminalSize;
        return size?.rows === resized.rows && size.columns === resized.columns;
      },
      { ...drive, intervalMs: 20, message: 'resize completion timeout' },
    );

    unwrap(handle.dispatch(command(5, { kind: 'stop', instanceId, force: false })));
    runtime.tick();
    await driveUntil(() => handle.snapshot().sessions[0]!.status.kind === 'exited', {
      ...drive,
      intervalMs: 20,
      message: 'stop completion timeout',
    });
    expect(handle.snapshot().sessions[0]!.status.kind).toBe('exited');
    expect(
      handle
        .snapshot()
        .sessions[0]!.terminalFrame?.contents.includes('fixture-echo:/status detail'),
    ).toBe(true);
    expect(runtime.activeNativeSessions()).toBe(0);

    const events: ControlEvent[] = [];
    drainEvents(subscription, events);
    for (let index = 1; index < events.length; index += 1) {
      expect(events[index - 1]!.sequence).toBeLessThan(events[index]!.sequence);
    }
    expect(events.some((event) => event.event.kind === 'input-completed')).toBe(true);
    expect(events.some((event) => event.event.kind === 'resized')).toBe(true);
  });

  it('after_ready_initial_prompt_is_delivered_before_native_session_runs', async () => {
    const spec = structuredClone(interactiveAgentSpec());
    spec.prompt = { ...spec.prompt, initial: { kind: 'after-ready' } };
    const [handle, runtime] = NativeRuntime.new(registry(spec));
    runtimes.push(runtime);
    const drive = { ...trackedTicks(runtime, handle), intervalMs: 20 };
    const instanceId = AgentInstanceId.of(702);
    startPtyInstance(handle, {
      instanceId,
      commandId: 20,
      runtimePolicy: semanticRuntimePolicy(),
      size: { rows: 12, columns: 64 },
      initialPrompt: 'initial-deferred-prompt',
    });
    await driveUntil(
      () => {
        const session = handle.snapshot().sessions[0]!;
        return (
          session.status.kind === 'running' &&
          session.terminalFrame?.contents.includes('fixture-echo:initial-deferred-prompt') === true
        );
      },
      { ...drive, message: 'deferred initial prompt delivery timeout' },
    );
    expect(runtime.activeNativeSessions()).toBe(1);
    unwrap(handle.dispatch(command(22, { kind: 'stop', instanceId, force: true })));
    await driveUntil(() => handle.snapshot().sessions[0]!.status.kind === 'exited', {
      ...drive,
      message: 'deferred initial prompt stop timeout',
    });
    expect(runtime.activeNativeSessions()).toBe(0);
  });

  it('rejected_commands_are_visible_on_the_ordered_event_port', () => {
    const [handle, runtime] = NativeRuntime.new(registry(interactiveAgentSpec()));
    runtimes.push(runtime);
    const subscription = handle.subscribe(4);
    unwrap(
      handle.dispatch(
        command(90, {
          kind: 'register',
          instanceId: AgentInstanceId.of(999),
          agentId: AgentId.of('absent-agent'),
          transport: 'pty',
        }),
      ),
    );
    const tick = runtime.tick();
    expect(tick.commandOutcomes[0]!.result.ok).toBe(false);
    expect(handle.snapshot().sessions).toEqual([]);
    const event = subscription.tryRecv();
    expect(event.ok).toBe(true);
    expect(unwrap(event).commandId).toBe(CommandId.of(90));
    expect(unwrap(event).event.kind).toBe('command-rejected');
  });

  // Upstream sends `AgentCommand` under `raw_pty()`, which the engine at HEAD rejects
  // (`ProviderRuntimePolicyDenied{SemanticReadiness}`); as the spec says, the port follows the
  // engine rule: the instances start with the semantic policy that admits agent commands.
  it('two_agent_instances_progress_on_independent_effect_workers', async () => {
    const [handle, runtime] = NativeRuntime.new(registry(interactiveAgentSpec()));
    runtimes.push(runtime);
    const drive = { ...trackedTicks(runtime, handle), intervalMs: 20 };
    const instances = [AgentInstanceId.of(801), AgentInstanceId.of(802)];
    instances.forEach((instanceId, index) => {
      startPtyInstance(handle, {
        instanceId,
        commandId: 100 + index * 2,
        runtimePolicy: semanticRuntimePolicy(),
        size: { rows: 12, columns: 48 },
      });
    });
    const dispatched = runtime.tick();
    expect(dispatched.effectsDispatched).toBe(2);

    await driveUntil(
      () => handle.snapshot().sessions.every((session) => session.status.kind === 'running'),
      { ...drive, message: 'multi-agent spawn completion timeout' },
    );
    expect(runtime.activeNativeSessions()).toBe(2);

    instances.forEach((instanceId, index) => {
      unwrap(
        handle.dispatch(
          command(110 + index, {
            kind: 'send-input',
            instanceId,
            action: {
              kind: 'agent-command',
              agentId: fixtureAgent(),
              name: 'status',
              arguments: [`worker-${index}`],
            },
          }),
        ),
      );
    });
    runtime.tick();
    await driveUntil(
      () =>
        handle
          .snapshot()
          .sessions.every(
            (session, index) =>
              session.terminalFrame?.contents.includes(`fixture-echo:/status worker-${index}`) ===
              true,
          ),
      { ...drive, message: 'independent agent-command completion timeout' },
    );

    instances.forEach((instanceId, index) => {
      unwrap(handle.dispatch(command(120 + index, { kind: 'stop', instanceId, force: false })));
    });
    runtime.tick();
    await driveUntil(
      () => handle.snapshot().sessions.every((session) => session.status.kind === 'exited'),
      { ...drive, message: 'multi-agent stop timeout' },
    );
    expect(runtime.activeNativeSessions()).toBe(0);
  });
});
