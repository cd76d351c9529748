// Ported from gate4agent-engine (src/lib.rs, mod tests): capacity, counter exhaustion and the
// all-or-nothing rule of every reduction.
import {
  AgentInstanceId,
  CONTROL_INSTANCE_IDENTITIES_MAX,
  CONTROL_SESSIONS_MAX,
  ControlError,
  OperationId,
  ProviderInteractionId,
  SessionGeneration,
  unwrap,
  unwrapErr,
} from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { COUNTER_MAX } from '../../src/constants.js';
import {
  engineStateCopy,
  seedNextEventSequence,
  seedNextOperationId,
  seedRevision,
  seedSessionGeneration,
  seedUnresolvedInteraction,
  seedWatermark,
} from '../../src/engine/engine-seams.js';
import { Gate4AgentEngine } from '../../src/engine/gate4agent-engine.js';
import {
  instance,
  observation,
  register,
  registerInstance,
  runningEngine,
  sendInput,
  start,
  terminalText,
} from './engine-fixtures.js';

describe('gate4agent-engine counters and capacity', () => {
  it('reregister_generation_exhaustion_is_atomic', () => {
    const engine = new Gate4AgentEngine();
    const exhausted = SessionGeneration.of(COUNTER_MAX);
    seedWatermark(engine, instance(), exhausted);
    const before = engineStateCopy(engine);
    const error = unwrapErr(engine.applyCommand(register(1)));
    expect(error).toStrictEqual(ControlError.generationExhausted(instance(), exhausted));
    expect(engineStateCopy(engine)).toStrictEqual(before);
  });

  it('live_session_capacity_rejection_is_atomic', () => {
    const engine = new Gate4AgentEngine();
    const firstInstance = 10_000;
    for (let offset = 0; offset < CONTROL_SESSIONS_MAX; offset += 1) {
      unwrap(
        engine.applyCommand(
          registerInstance(offset + 1, AgentInstanceId.of(firstInstance + offset)),
        ),
      );
    }
    engine.drainEvents();
    const before = engineStateCopy(engine);
    const rejected = AgentInstanceId.of(firstInstance + CONTROL_SESSIONS_MAX);
    const error = unwrapErr(engine.applyCommand(registerInstance(10_000, rejected)));
    expect(error).toStrictEqual(
      ControlError.sessionCapacityExceeded(rejected, CONTROL_SESSIONS_MAX),
    );
    expect(engineStateCopy(engine)).toStrictEqual(before);
  });

  it('retained_identity_capacity_is_bounded_without_weakening_stale_fence', () => {
    const engine = new Gate4AgentEngine();
    const firstInstance = 20_000;
    for (let offset = 0; offset < CONTROL_INSTANCE_IDENTITIES_MAX; offset += 1) {
      seedWatermark(engine, AgentInstanceId.of(firstInstance + offset), SessionGeneration.of(0));
    }
    const health = engine.snapshot().health;
    expect(health.retainedInstanceIdentities).toBe(CONTROL_INSTANCE_IDENTITIES_MAX);
    expect(health.retainedInstanceIdentityCapacity).toBe(CONTROL_INSTANCE_IDENTITIES_MAX);
    const known = AgentInstanceId.of(firstInstance);
    const rejected = AgentInstanceId.of(firstInstance + CONTROL_INSTANCE_IDENTITIES_MAX);
    const before = engineStateCopy(engine);
    const error = unwrapErr(engine.applyCommand(registerInstance(1, rejected)));
    expect(error).toStrictEqual(
      ControlError.instanceIdentityCapacityExceeded(rejected, CONTROL_INSTANCE_IDENTITIES_MAX),
    );
    expect(engineStateCopy(engine)).toStrictEqual(before);
    unwrap(engine.applyCommand(registerInstance(2, known)));
    const current = engine.sessionSnapshot(known);
    expect(current).not.toBeNull();
    expect(current!.generation).toBe(1);
    engine.drainEvents();
    engine.applyObservation(
      observation(
        null,
        SessionGeneration.of(0),
        { kind: 'process-exited', exitCode: 9, finalTerminal: null },
        known,
      ),
    );
    expect(engine.sessionSnapshot(known)).toStrictEqual(current);
    expect(
      engine
        .drainEvents()
        .some(
          (event) =>
            event.event.kind === 'observation-ignored' &&
            event.event.reason.kind === 'stale-generation',
        ),
    ).toBe(true);
  });

  it('operation_id_max_is_issued_once_and_later_commands_fail_atomically', () => {
    const { engine, spawn } = runningEngine();
    engine.drainEvents();
    seedNextOperationId(engine, COUNTER_MAX);
    unwrap(engine.applyCommand(terminalText(3, 'first')));
    const effect = engine.drainEffects().pop()!;
    expect(effect.operationId).toBe(OperationId.of(COUNTER_MAX));
    unwrap(
      engine.tryApplyObservation(
        observation(effect.operationId, spawn.generation, { kind: 'input-completed' }),
      ),
    );
    const before = engineStateCopy(engine);
    const error = unwrapErr(engine.applyCommand(terminalText(4, 'second')));
    expect(error).toStrictEqual(ControlError.operationIdExhausted());
    expect(engineStateCopy(engine)).toStrictEqual(before);
    expect(engine.snapshot().health.operationIdExhausted).toBe(true);
  });

  it('event_sequence_max_is_emitted_once_and_observation_failure_is_atomic', () => {
    const { engine, spawn } = runningEngine();
    engine.drainEvents();
    seedNextEventSequence(engine, COUNTER_MAX);
    unwrap(engine.applyCommand(terminalText(3, 'first')));
    const effect = engine.drainEffects().pop()!;
    const before = engineStateCopy(engine);
    const error = unwrapErr(
      engine.tryApplyObservation(
        observation(effect.operationId, spawn.generation, { kind: 'input-completed' }),
      ),
    );
    expect(error).toStrictEqual(ControlError.eventSequenceExhausted());
    expect(engineStateCopy(engine)).toStrictEqual(before);
    expect(engine.snapshot().health.eventSequenceExhausted).toBe(true);
    const events = engine.drainEvents();
    expect(events).toHaveLength(1);
    expect(events[0]!.sequence).toBe(COUNTER_MAX);
  });

  it('revision_max_is_published_once_and_later_observation_is_atomic', () => {
    const { engine, spawn } = runningEngine();
    engine.drainEvents();
    seedRevision(engine, COUNTER_MAX - 1);
    unwrap(engine.applyCommand(terminalText(3, 'first')));
    const effect = engine.drainEffects().pop()!;
    expect(engine.snapshot().revision).toBe(COUNTER_MAX);
    const before = engineStateCopy(engine);
    const error = unwrapErr(
      engine.tryApplyObservation(
        observation(effect.operationId, spawn.generation, { kind: 'input-completed' }),
      ),
    );
    expect(error).toStrictEqual(ControlError.revisionExhausted());
    expect(engineStateCopy(engine)).toStrictEqual(before);
    expect(engine.snapshot().health.revisionExhausted).toBe(true);
  });

  it('start_generation_exhaustion_is_atomic', () => {
    const engine = new Gate4AgentEngine();
    unwrap(engine.applyCommand(register(1)));
    const exhausted = SessionGeneration.of(COUNTER_MAX);
    seedSessionGeneration(engine, instance(), exhausted);
    seedWatermark(engine, instance(), exhausted);
    const before = engineStateCopy(engine);
    const error = unwrapErr(engine.applyCommand(start(2)));
    expect(error).toStrictEqual(ControlError.generationExhausted(instance(), exhausted));
    expect(engineStateCopy(engine)).toStrictEqual(before);
  });

  // Porting note: upstream creates the pending interaction with a `provider-event`
  // `interaction-requested` (approval "approval-counter-boundary", tool "shell", prompt "approve")
  // under a semantic policy. Provider interactions are out of scope here, so the documented seam
  // `seedUnresolvedInteraction` records the same pending interaction; the completed interrupt then
  // emits `input-completed` and `interaction-resolved { interrupted }` through the real commit path.
  it('multi_event_rollback_retires_the_event_sequence_terminally', () => {
    const { engine, spawn } = runningEngine();
    seedUnresolvedInteraction(engine, instance(), ProviderInteractionId.of(1));
    unwrap(engine.applyCommand(sendInput(3, { kind: 'terminal-control', control: 'interrupt' })));
    const interrupt = engine.drainEffects().pop()!;
    engine.drainEvents();
    seedNextEventSequence(engine, COUNTER_MAX);
    const before = engine.snapshot();
    const error = unwrapErr(
      engine.tryApplyObservation(
        observation(interrupt.operationId, spawn.generation, { kind: 'input-completed' }),
      ),
    );
    expect(error).toStrictEqual(ControlError.eventSequenceExhausted());
    const after = engine.snapshot();
    expect(after.sessions).toStrictEqual(before.sessions);
    expect(after.revision).toBe(before.revision);
    expect(before.health.eventSequenceExhausted).toBe(false);
    expect(after.health.eventSequenceExhausted).toBe(true);
    expect(engine.drainEvents()).toEqual([]);
  });
});
