// Pins the order-sensitive parts of `stepControlPlane` (control-engine §12.3, runtime-native §4.3)
// that upstream's own tests leave open: which phases run when a lane is closed, and that a failure
// in one item never stops the later items of its phase.
import {
  CONTROL_PROTOCOL_VERSION,
  type ObservationEnvelope,
  SessionGeneration,
  type TerminalFrame,
  unwrap,
} from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { COUNTER_MAX } from '../../src/constants.js';
import { seedNextEventSequence, seedNextOperationId } from '../../src/engine/engine-seams.js';
import type { Gate4AgentKernel } from '../../src/kernel/gate4agent-kernel.js';
import {
  kernelControlEngine,
  kernelToolEngine,
  seedLogicalTick,
} from '../../src/kernel/kernel-seams.js';
import {
  attachToolProvider,
  authority,
  boundRequest,
  defaultKernel,
  instance,
  kernelWithProvider,
  register,
  startCommand,
  startRunning,
  toolGrant,
  toolRequest,
} from './kernel-fixtures.js';

const frame = (sequence: number): TerminalFrame => ({
  sequence,
  size: { rows: 24, columns: 80 },
  cursorRow: 0,
  cursorColumn: 0,
  contents: `frame ${sequence}`,
  formatted: new Uint8Array([sequence]),
  scrollbackFormatted: [],
  alternateScreen: false,
  mouseProtocolEnabled: false,
  mouseProtocolEncoding: 'default',
});

const observation = (
  generation: SessionGeneration,
  body: ObservationEnvelope['observation'],
): ObservationEnvelope => ({
  protocolVersion: CONTROL_PROTOCOL_VERSION,
  operationId: null,
  instanceId: instance(),
  generation,
  observation: body,
});

/** Makes the tool engine hold a higher generation than the session, so every sync fails. */
function divergeToolGeneration(kernel: Gate4AgentKernel): void {
  unwrap(kernelToolEngine(kernel).setGeneration(instance(), SessionGeneration.of(99)));
}

describe('stepControlPlane phase order', () => {
  it('releases a command effect in its step even when the health gate closes the lanes after it', () => {
    const kernel = defaultKernel();
    kernel.step([register(1, 'claude')], []);
    seedNextEventSequence(kernelControlEngine(kernel), COUNTER_MAX);
    const step = kernel.step([startCommand(2)], []);
    expect(step.commandOutcomes[0]!.result.ok).toBe(true);
    expect(step.integrationErrors).toMatchObject([
      { kind: 'control-health-exhausted', health: { eventSequenceExhausted: true } },
    ]);
    expect(step.effects.map((effect) => effect.effect.kind)).toEqual(['spawn']);
    expect(step.events.map((event) => event.sequence)).toEqual([COUNTER_MAX]);
  });

  it('keeps reducing the observations after a failed one', () => {
    const kernel = defaultKernel();
    const generation = startRunning(kernel);
    const revision = kernel.snapshot().revision;
    seedNextEventSequence(kernelControlEngine(kernel), null);
    const step = kernel.step(
      [],
      [
        observation(generation, { kind: 'terminal-stale', message: 'needs an event' }),
        observation(generation, { kind: 'terminal-frame', frame: frame(1) }),
      ],
    );
    expect(step.integrationErrors.map((error) => error.kind)).toEqual([
      'control-health-exhausted',
      'control-observation',
    ]);
    expect(step.snapshot.sessions[0]!.terminalStale).toBeNull();
    expect(step.snapshot.sessions[0]!.terminalFrame).toStrictEqual(frame(1));
    expect(step.snapshot.revision).toBe(revision + 1);
  });

  it('drains tool completions while the tool lane is closed, and keeps tool effects queued', () => {
    const kernel = kernelWithProvider();
    const bindingId = attachToolProvider(kernel, 1);
    const generation = startRunning(kernel);
    const accepted = kernel.stepControlPlane(
      [authority(toolGrant(generation, 1)), boundRequest(bindingId, toolRequest(1, generation))],
      [],
    );
    expect(accepted.toolEffects.map((bound) => bound.effect.effect.kind)).toEqual(['invoke']);
    // The next step's clock reaches the request's deadline (100) while the lanes are closed.
    seedLogicalTick(kernel, 99);
    seedNextOperationId(kernelControlEngine(kernel), null);
    const step = kernel.stepControlPlane([], []);
    expect(step.backendSnapshot.logicalTick).toBe(100);
    expect(step.integrationErrors.map((error) => error.kind)).toEqual(['control-health-exhausted']);
    expect(step.toolCompletions.completions.map((completion) => completion.outcome.kind)).toEqual([
      'timed-out',
    ]);
    expect(step.toolEffects).toEqual([]);
    const queued = kernelToolEngine(kernel).drainEffects();
    expect(queued.map((effect) => effect.effect)).toMatchObject([
      { kind: 'cancel', reason: 'deadline-elapsed' },
    ]);
  });

  it('syncs the instance after a rejected command, recording each failed sync', () => {
    const kernel = defaultKernel();
    kernel.step([register(1, 'claude')], []);
    divergeToolGeneration(kernel);
    const step = kernel.step([register(2, 'claude')], []);
    expect(step.commandOutcomes[0]!.result).toMatchObject({
      ok: false,
      error: { kind: 'control', error: { kind: 'duplicate-instance' } },
    });
    expect(step.integrationErrors).toMatchObject([
      { kind: 'tool-instance-sync', source: { kind: 'generation-regressed' } },
      { kind: 'tool-instance-sync', source: { kind: 'generation-regressed' } },
    ]);
  });

  it('skips the reconcile phase when the control health is terminal at step start', () => {
    const kernel = defaultKernel();
    kernel.step([register(1, 'claude')], []);
    divergeToolGeneration(kernel);
    expect(kernel.step([], []).integrationErrors.map((error) => error.kind)).toEqual([
      'tool-instance-sync',
    ]);
    seedNextOperationId(kernelControlEngine(kernel), null);
    const step = kernel.step([], []);
    expect(step.integrationErrors.map((error) => error.kind)).toEqual(['control-health-exhausted']);
  });
});
