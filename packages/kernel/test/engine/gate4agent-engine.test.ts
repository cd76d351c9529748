// Ported from gate4agent-engine (src/lib.rs, mod tests): the session lifecycle.
import {
  AdapterId,
  ControlError,
  type ControlEvent,
  ProviderRuntimePolicy,
  providerRuntimePolicyError,
  type TerminalFrame,
  unwrap,
  unwrapErr,
} from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { watermarkOf } from '../../src/engine/engine-seams.js';
import { Gate4AgentEngine } from '../../src/engine/gate4agent-engine.js';
import {
  answer,
  command,
  instance,
  observation,
  register,
  runningEngine,
  runningEngineWithPolicy,
  sendInput,
  size,
  start,
  startWithPolicy,
  verifiedRuntimePolicy,
} from './engine-fixtures.js';

const ignoredBy = (events: ControlEvent[], reason: string) =>
  events.filter(
    (event) => event.event.kind === 'observation-ignored' && event.event.reason.kind === reason,
  );

function frame(
  sequence: number,
  contents: string,
  cursorRow: number,
  cursorColumn: number,
): TerminalFrame {
  return {
    sequence,
    size: size(24, 80),
    cursorRow,
    cursorColumn,
    contents,
    formatted: new TextEncoder().encode(contents === 'stale' ? '' : contents),
    scrollbackFormatted: [],
    alternateScreen: false,
    mouseProtocolEnabled: false,
    mouseProtocolEncoding: 'default',
  };
}

describe('gate4agent-engine lifecycle', () => {
  it('runtime_policy_keeps_raw_input_and_rejects_structured_prompt', () => {
    const { engine, spawn } = runningEngineWithPolicy(ProviderRuntimePolicy.rawPty());
    expect(spawn.effect.kind === 'spawn' && spawn.effect.runtimePolicy).toEqual(
      ProviderRuntimePolicy.rawPty(),
    );
    unwrap(
      engine.applyCommand(
        sendInput(3, { kind: 'terminal-bytes', bytes: new Uint8Array([0x1b, 0x5b, 0x41]) }),
      ),
    );
    const rawInput = engine.drainEffects().pop()!;
    expect(rawInput.effect.kind).toBe('write-input');
    engine.applyObservation(
      observation(rawInput.operationId, spawn.generation, { kind: 'input-completed' }),
    );
    expect(
      unwrapErr(
        engine.applyCommand(
          sendInput(4, { kind: 'submit-prompt', text: 'semantic prompt', framing: 'literal' }),
        ),
      ),
    ).toStrictEqual(ControlError.providerRuntimePolicyDenied('semantic-readiness'));
    expect(engine.drainEffects()).toEqual([]);
  });

  it('runtime_policy_rejects_invalid_start_contract', () => {
    const engine = new Gate4AgentEngine();
    unwrap(engine.applyCommand(register(1)));
    const invalid: ProviderRuntimePolicy = {
      rawPtyLifecycle: false,
      semanticReadiness: true,
      structuredPrompt: false,
      providerSessionIdentity: false,
      semanticResume: false,
    };
    expect(unwrapErr(engine.applyCommand(startWithPolicy(2, invalid)))).toStrictEqual(
      ControlError.invalidProviderRuntimePolicy(
        providerRuntimePolicyError('semantic-capability-requires-raw-pty'),
      ),
    );
    expect(engine.drainEffects()).toEqual([]);
  });

  it('spawn_is_not_reported_running_before_observation', () => {
    const engine = new Gate4AgentEngine();
    unwrap(engine.applyCommand(register(1)));
    unwrap(engine.applyCommand(start(2)));
    const snapshot = engine.snapshot();
    expect(snapshot.sessions[0]!.status).toEqual({ kind: 'starting' });
    expect(snapshot.sessions[0]!.processId).toBeNull();
    expect(engine.drainEffects()).toHaveLength(1);
  });

  it('unbounded_terminal_geometry_is_rejected_before_effect_creation', () => {
    const engine = new Gate4AgentEngine();
    unwrap(engine.applyCommand(register(1)));
    const error = unwrapErr(
      engine.applyCommand(startWithPolicy(2, verifiedRuntimePolicy(), size(1_001, 80))),
    );
    expect(error).toStrictEqual(ControlError.invalidTerminalSize());
    expect(engine.drainEffects()).toEqual([]);
  });

  it('matching_spawn_observation_confirms_running', () => {
    const { engine } = runningEngine();
    const session = engine.snapshot().sessions[0]!;
    expect(session.status).toEqual({ kind: 'running' });
    expect(session.processId).toBe(42);
    expect(session.pendingOperation).toBeNull();
    expect(session.terminalSize).toEqual(size(24, 80));
  });

  it('resize_is_pending_until_observed', () => {
    const { engine } = runningEngine();
    const target = size(40, 120);
    unwrap(
      engine.applyCommand(command(9, { kind: 'resize', instanceId: instance(), size: target })),
    );
    const effect = engine.drainEffects().pop()!;
    expect(engine.snapshot().sessions[0]!.terminalSize).toEqual(size(24, 80));
    engine.applyObservation(answer(effect, { kind: 'resize-completed', size: target }));
    expect(engine.snapshot().sessions[0]!.terminalSize).toEqual(target);
  });

  it('terminal_frames_are_replaceable_and_never_move_backwards', () => {
    const { engine, spawn } = runningEngine();
    engine.drainEvents();
    const current = frame(10, 'current', 1, 2);
    engine.applyObservation(
      observation(null, spawn.generation, { kind: 'terminal-frame', frame: current }),
    );
    expect(engine.snapshot().sessions[0]!.terminalFrame).toEqual(current);
    expect(engine.drainEvents()).toEqual([]);
    engine.applyObservation(
      observation(null, spawn.generation, {
        kind: 'terminal-frame',
        frame: frame(9, 'stale', 0, 0),
      }),
    );
    expect(engine.snapshot().sessions[0]!.terminalFrame!.sequence).toBe(10);
    expect(ignoredBy(engine.drainEvents(), 'stale-terminal-frame').length).toBeGreaterThan(0);
  });

  it('stop_remains_pending_until_observed', () => {
    const { engine } = runningEngine();
    engine.drainEvents();
    unwrap(engine.applyCommand(command(3, { kind: 'stop', instanceId: instance(), force: true })));
    const effect = engine.drainEffects().pop()!;
    expect(engine.snapshot().sessions[0]!.status).toEqual({ kind: 'stopping' });
    engine.applyObservation(
      answer(effect, { kind: 'stop-completed', forced: true, exitCode: null, finalTerminal: null }),
    );
    expect(engine.snapshot().sessions[0]!.status).toEqual({ kind: 'exited', exitCode: null });
  });

  it('typed_input_is_an_effect_until_executor_confirms_it', () => {
    const { engine } = runningEngine();
    engine.drainEvents();
    unwrap(
      engine.applyCommand(
        sendInput(7, {
          kind: 'submit-prompt',
          text: 'inspect the lifecycle',
          framing: 'bracketed-paste',
        }),
      ),
    );
    const effect = engine.drainEffects().pop()!;
    expect(effect.effect).toMatchObject({
      kind: 'write-input',
      requiredForeground: { kind: 'agent', agentId: 'claude' },
    });
    expect(engine.snapshot().sessions[0]!.pendingInput).toBe('submit-prompt');
    expect(engine.snapshot().sessions[0]!.foreground.authority).toBe('stale');
    engine.applyObservation(answer(effect, { kind: 'input-completed' }));
    const session = engine.snapshot().sessions[0]!;
    expect(session.status).toEqual({ kind: 'running' });
    expect(session.pendingOperation).toBeNull();
    expect(session.pendingInput).toBeNull();
    expect(
      engine
        .drainEvents()
        .some(
          (event) =>
            event.event.kind === 'input-completed' && event.event.inputKind === 'submit-prompt',
        ),
    ).toBe(true);
  });

  it('remove_and_reregister_strictly_advance_the_generation_watermark', () => {
    const { engine, spawn } = runningEngine();
    engine.applyObservation(
      observation(null, spawn.generation, {
        kind: 'process-exited',
        exitCode: 0,
        finalTerminal: null,
      }),
    );
    unwrap(engine.applyCommand(command(3, { kind: 'remove', instanceId: instance() })));
    unwrap(engine.applyCommand(register(4)));
    const generation = engine.snapshot().sessions[0]!.generation;
    expect(generation).toBe(spawn.generation + 1);
    expect(watermarkOf(engine, instance())).toBe(generation);
  });

  it('removed_lifecycle_observations_cannot_mutate_a_reregistered_instance', () => {
    const { engine, spawn: firstSpawn } = runningEngine();
    engine.applyObservation(
      observation(null, firstSpawn.generation, {
        kind: 'process-exited',
        exitCode: 0,
        finalTerminal: null,
      }),
    );
    unwrap(engine.applyCommand(command(3, { kind: 'remove', instanceId: instance() })));
    unwrap(engine.applyCommand(register(4)));
    unwrap(engine.applyCommand(start(5)));
    const secondSpawn = engine.drainEffects().pop()!;
    engine.applyObservation(answer(secondSpawn, { kind: 'spawned', processId: 84 }));
    const before = engine.snapshot().sessions[0]!;
    engine.drainEvents();
    engine.applyObservation(
      observation(null, firstSpawn.generation, {
        kind: 'process-exited',
        exitCode: 9,
        finalTerminal: null,
      }),
    );
    engine.applyObservation(
      observation(null, firstSpawn.generation, {
        kind: 'provider-event',
        source: {
          family: 'pty-semantic',
          binding: {
            id: AdapterId.of('codex'),
            revision: 'test/v1',
            verification: 'synthetic-fixture',
          },
        },
        sequence: 1,
        event: {
          kind: 'session-identity-observed',
          identity: { key: 'session-id', id: 'stale-provider-session', transcriptPath: null },
        },
      }),
    );
    expect(engine.snapshot().sessions[0]).toEqual(before);
    expect(ignoredBy(engine.drainEvents(), 'stale-generation')).toHaveLength(2);
  });

  it('stale_generation_cannot_mutate_restarted_session', () => {
    const { engine, spawn: firstSpawn } = runningEngine();
    engine.applyObservation(
      observation(null, firstSpawn.generation, {
        kind: 'process-exited',
        exitCode: 0,
        finalTerminal: null,
      }),
    );
    unwrap(engine.applyCommand(start(4)));
    const secondSpawn = engine.drainEffects().pop()!;
    expect(secondSpawn.generation).toBeGreaterThan(firstSpawn.generation);
    engine.applyObservation(answer(firstSpawn, { kind: 'spawned', processId: 99 }));
    const session = engine.snapshot().sessions[0]!;
    expect(session.generation).toBe(secondSpawn.generation);
    expect(session.status).toEqual({ kind: 'starting' });
    expect(session.processId).toBeNull();
    expect(ignoredBy(engine.drainEvents(), 'stale-generation').length).toBeGreaterThan(0);
  });

  it('active_instance_cannot_be_removed_through_a_second_door', () => {
    const { engine } = runningEngine();
    const error = unwrapErr(
      engine.applyCommand(command(5, { kind: 'remove', instanceId: instance() })),
    );
    expect(error.kind).toBe('invalid-transition');
    expect(engine.snapshot().sessions).toHaveLength(1);
  });

  it('replay_is_deterministic', () => {
    function replay() {
      const engine = new Gate4AgentEngine();
      unwrap(engine.applyCommand(register(1)));
      unwrap(engine.applyCommand(start(2)));
      const effect = engine.drainEffects().pop()!;
      engine.applyObservation(answer(effect, { kind: 'spawned', processId: 42 }));
      return [engine.snapshot(), [effect], engine.drainEvents()] as const;
    }
    expect(replay()).toStrictEqual(replay());
  });
});
