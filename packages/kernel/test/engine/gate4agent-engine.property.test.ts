import { isDeepStrictEqual } from 'node:util';
// Properties of the engine over random command / observation streams (fast-check): replay gives
// identical results, snapshots, effects and events; an error never changes state (a counter error
// only retires its counter); event sequences, operation ids and revisions only move forward.
import {
  CONTROL_PROTOCOL_VERSION,
  type ControlError,
  type ControlEvent,
  type ControlSnapshot,
  type EffectEnvelope,
  type ObservationEnvelope,
  type Result,
  SessionGeneration,
} from '@gate4agent/types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTER_MAX } from '../../src/constants.js';
import {
  engineStateCopy,
  seedNextEventSequence,
  seedNextOperationId,
  seedRevision,
} from '../../src/engine/engine-seams.js';
import type { EngineState } from '../../src/engine/engine-state.js';
import { Gate4AgentEngine } from '../../src/engine/gate4agent-engine.js';
import { propertyRuns } from '../support/property-runs.js';
import {
  type CounterSeeds,
  closingObservation,
  commandEnvelope,
  counterSeedsArb,
  forgedObservation,
  type StreamOp,
  streamArb,
} from './engine-arbitraries.js';

interface TraceEntry {
  readonly accepted: boolean;
  readonly result: Result<void, ControlError>;
  readonly snapshot: ControlSnapshot;
  readonly effects: EffectEnvelope[];
  readonly events: ControlEvent[];
}

/** `isDeepStrictEqual` first (fast); vitest's diff only when they differ. */
function expectDeepEqual(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toStrictEqual(expected);
}

function retired(state: EngineState, error: ControlError): EngineState {
  const copy = structuredClone(state);
  if (error.kind === 'operation-id-exhausted') copy.nextOperationId = null;
  if (error.kind === 'event-sequence-exhausted') copy.nextEventSequence = null;
  if (error.kind === 'revision-exhausted') copy.revision = COUNTER_MAX;
  return copy;
}

function observationFor(
  engine: Gate4AgentEngine,
  op: StreamOp,
  pending: EffectEnvelope[],
): ObservationEnvelope | null {
  if (op.kind === 'answer') {
    if (pending.length === 0) return null;
    const [effect] = pending.splice(op.pick % pending.length, 1);
    const size = effect!.effect.kind === 'resize' ? effect!.effect.size : { rows: 24, columns: 80 };
    return {
      protocolVersion: CONTROL_PROTOCOL_VERSION,
      operationId: effect!.operationId,
      instanceId: effect!.instanceId,
      generation: effect!.generation,
      observation: closingObservation(effect!.effect.kind, op.outcome, size),
    };
  }
  if (op.kind === 'command') return null;
  const session = engine
    .snapshot()
    .sessions.find((candidate) => candidate.instanceId === op.instance);
  const generation = session?.generation ?? 0;
  if (op.kind === 'forged') return forgedObservation(op.instance, generation, op.operation);
  const base = forgedObservation(op.instance, generation, null);
  if (op.kind === 'exit') {
    const stale = op.staleGeneration && generation > 0;
    return {
      ...base,
      generation: SessionGeneration.of(stale ? generation - 1 : generation),
      observation: { kind: 'process-exited', exitCode: 0, finalTerminal: null },
    };
  }
  return {
    ...base,
    observation: {
      kind: 'terminal-frame',
      frame: {
        sequence: op.sequence,
        size: { rows: 10, columns: 10 },
        cursorRow: 0,
        cursorColumn: 0,
        contents: `frame ${op.sequence}`,
        formatted: new Uint8Array([op.sequence]),
        scrollbackFormatted: [],
        alternateScreen: false,
        mouseProtocolEnabled: false,
        mouseProtocolEncoding: 'default',
      },
    },
  };
}

/** Runs a stream; with `check`, asserts that every error left the state unchanged. */
function drive(ops: readonly StreamOp[], seeds: CounterSeeds, check: boolean): TraceEntry[] {
  const engine = new Gate4AgentEngine();
  if (seeds.nextOperationId !== null) seedNextOperationId(engine, seeds.nextOperationId);
  if (seeds.nextEventSequence !== null) seedNextEventSequence(engine, seeds.nextEventSequence);
  if (seeds.revision !== null) seedRevision(engine, seeds.revision);
  const pending: EffectEnvelope[] = [];
  const trace: TraceEntry[] = [];
  let commandId = 0;
  for (const op of ops) {
    const before = check ? engineStateCopy(engine) : null;
    let result: Result<void, ControlError>;
    let accepted = false;
    if (op.kind === 'command') {
      commandId += 1;
      result = engine.applyCommand(commandEnvelope(commandId, op.command));
      accepted = result.ok;
    } else {
      const observation = observationFor(engine, op, pending);
      if (observation === null) continue;
      result = engine.tryApplyObservation(observation);
    }
    if (before !== null && !result.ok)
      expectDeepEqual(engineStateCopy(engine), retired(before, result.error));
    const effects = engine.drainEffects();
    pending.push(...effects);
    trace.push({
      accepted,
      result,
      snapshot: engine.snapshot(),
      effects,
      events: engine.drainEvents(),
    });
  }
  return trace;
}

// Thousands of streams per property: far slower than a unit test on a shared machine.
const PROPERTY_TIMEOUT_MS = 300_000;

describe('gate4agent-engine properties', () => {
  it(
    'replays a random stream identically and never changes state on an error',
    () => {
      fc.assert(
        fc.property(streamArb, counterSeedsArb, (ops, seeds) => {
          const first = drive(ops, seeds, true);
          const second = drive(ops, seeds, false);
          expectDeepEqual(second, first);
        }),
        { numRuns: propertyRuns() },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'moves event sequences, operation ids and revisions strictly forward',
    () => {
      fc.assert(
        fc.property(streamArb, counterSeedsArb, (ops, seeds) => {
          const trace = drive(ops, seeds, false);
          const events = trace.flatMap((entry) => entry.events);
          for (let index = 1; index < events.length; index += 1) {
            expect(events[index]!.sequence).toBe(events[index - 1]!.sequence + 1);
          }
          const operations = trace.flatMap((entry) =>
            entry.effects.map((effect) => effect.operationId),
          );
          for (let index = 1; index < operations.length; index += 1) {
            expect(operations[index]!).toBeGreaterThan(operations[index - 1]!);
          }
          let revision = seeds.revision ?? 0;
          for (const entry of trace) {
            if (entry.accepted) expect(entry.snapshot.revision).toBe(revision + 1);
            else expect(entry.snapshot.revision).toBeGreaterThanOrEqual(revision);
            revision = entry.snapshot.revision;
          }
        }),
        { numRuns: propertyRuns() },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
