// Properties of the engine over random command streams (fast-check). Runs: 2 000 per property by
// default; set G4A_PROPERTY_RUNS for more.
import { isDeepStrictEqual } from 'node:util';
import type { CapabilityCompletionEnvelope, ToolEngineSnapshot } from '@gate4agent/tool-protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { engineStateOf, type ToolEngine } from '../../src/engine/tool-engine.js';
import { isTerminalRecord } from '../../src/state/request-record.js';
import {
  type Command,
  commands,
  counters,
  run,
  SECRET,
  type StepObserver,
  world,
} from './command-stream.js';

const RUNS = Number(process.env.G4A_PROPERTY_RUNS ?? 2_000);
const TIMEOUT = Math.max(60_000, RUNS * 60);

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

function property(body: (engine: ToolEngine, stream: Command[]) => void): void {
  fc.assert(
    fc.property(counters, commands, (start, stream) => body(world(start), stream)),
    { numRuns: RUNS },
  );
}

/** Everything the engine holds, including what its snapshot leaves out. */
function fingerprint(engine: ToolEngine): unknown {
  const state = engineStateOf(engine);
  return {
    snapshot: engine.snapshot(),
    effects: [...state.effects],
    completions: [...state.completions],
    payloads: state.requests.sorted().map((record) => record.payload.slice()),
    counters: [
      state.lastAuthoritySequence,
      state.nextRequestSequence,
      state.nextOperationId,
      state.nextEffectSequence,
      state.nextCompletionSequence,
      state.nextAuditSequence,
      state.droppedCompletionsSinceDrain,
    ],
  };
}

function strictlyIncreasing(values: readonly number[], what: string): void {
  for (let index = 1; index < values.length; index += 1) {
    check(
      values[index]! > values[index - 1]!,
      `${what} not strictly increasing: ${values.join(',')}`,
    );
  }
}

function holdsSecret(value: unknown): boolean {
  if (value instanceof Uint8Array || value instanceof ArrayBuffer) return true;
  if (typeof value === 'string') return value.includes(SECRET);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(holdsSecret);
  return false;
}

describe('tool engine properties over random command streams', () => {
  it('exactly one terminal completion or explicit drop per accepted request', {
    timeout: TIMEOUT,
  }, () => {
    property((engine, stream) => {
      const accepted = new Set<number>();
      const observer: StepObserver = {
        snapshots: false,
        after(current, command, result) {
          if (command.t !== 'request' || result?.ok !== true) return;
          const state = engineStateOf(current);
          accepted.add(state.nextRequestSequence - 1);
        },
      };
      const trace = run(engine, stream, observer);
      const completed = new Map<number, CapabilityCompletionEnvelope>();
      for (const completion of trace.completions) {
        check(
          !completed.has(completion.acceptedSequence),
          `two completions for ${completion.acceptedSequence}`,
        );
        check(
          accepted.has(completion.acceptedSequence),
          `completion for unknown ${completion.acceptedSequence}`,
        );
        completed.set(completion.acceptedSequence, completion);
      }
      const final = trace.snapshots.at(-1)!;
      check(
        final.requests.every(
          (entry) => !['awaiting-approval', 'dispatched'].includes(entry.status.kind),
        ),
        'a request is still live after every deadline passed',
      );
      check(
        completed.size + final.droppedCompletions === accepted.size,
        `accepted ${accepted.size}, completed ${completed.size}, dropped ${final.droppedCompletions}`,
      );
      if (!final.auditSequenceExhausted && final.droppedAuditEvents === 0) {
        const dropped = final.auditEvents
          .filter(({ event }) => event.kind === 'completion-dropped')
          .map(({ subject }) => subject!.acceptedSequence);
        check(new Set(dropped).size === dropped.length, 'a request was dropped twice');
        for (const sequence of dropped)
          check(!completed.has(sequence), `${sequence} completed and dropped`);
      }
    });
  });

  it('no effect for a terminal request after its transition except the one best-effort cancel', {
    timeout: TIMEOUT,
  }, () => {
    property((engine, stream) => {
      const terminalOperations = new Set<number>();
      const invoked = new Set<number>();
      const cancelled = new Set<number>();
      let lastSeen = 0;
      const observer: StepObserver = {
        snapshots: false,
        after(current) {
          const state = engineStateOf(current);
          const fresh = state.effects.filter((effect) => effect.sequence > lastSeen);
          for (const effect of fresh) {
            const op = effect.operationId;
            check(
              !terminalOperations.has(op),
              `effect ${effect.effect.kind} for terminal operation ${op}`,
            );
            if (effect.effect.kind === 'invoke') {
              check(!invoked.has(op), `second invoke for ${op}`);
              invoked.add(op);
            } else {
              check(invoked.has(op) && !cancelled.has(op), `cancel for ${op} without one invoke`);
              cancelled.add(op);
              const record = state.requests.get(effect.requestKey);
              check(
                record !== undefined && isTerminalRecord(record),
                `cancel for live operation ${op}`,
              );
            }
            lastSeen = Math.max(lastSeen, effect.sequence);
          }
          for (const record of state.requests.sorted()) {
            const { status } = record;
            if (
              isTerminalRecord(record) &&
              'operationId' in status &&
              status.operationId !== null
            ) {
              terminalOperations.add(status.operationId);
            }
          }
        },
      };
      run(engine, stream, observer);
    });
  });

  it('effect, completion and audit sequences are strictly increasing', { timeout: TIMEOUT }, () => {
    property((engine, stream) => {
      const trace = run(engine, stream);
      strictlyIncreasing(
        trace.effects.map((effect) => effect.sequence),
        'effect sequences',
      );
      strictlyIncreasing(
        trace.effects
          .filter((effect) => effect.effect.kind === 'invoke')
          .map((effect) => effect.operationId),
        'operation ids',
      );
      strictlyIncreasing(
        trace.completions.map((completion) => completion.sequence),
        'completion sequences',
      );
      let newest = 0;
      for (const snapshot of trace.snapshots) {
        const sequences = snapshot.auditEvents.map((event) => event.sequence);
        strictlyIncreasing(sequences, 'audit sequences');
        const last = sequences.at(-1) ?? 0;
        check(last >= newest, 'audit sequence went backwards between snapshots');
        newest = last;
        strictlyIncreasing(
          snapshot.requests.map((entry) => entry.acceptedSequence).sort((a, b) => a - b),
          'accepted sequences',
        );
      }
    });
  });

  it('replaying the same stream gives identical snapshots and effects', {
    timeout: TIMEOUT,
  }, () => {
    fc.assert(
      fc.property(counters, commands, (start, stream) => {
        const first = run(world(start), stream);
        const second = run(world(start), stream);
        check(isDeepStrictEqual(first, second), 'two replays differ');
      }),
      { numRuns: RUNS },
    );
  });

  it('snapshots never hold payload bytes', { timeout: TIMEOUT }, () => {
    property((engine, stream) => {
      const trace = run(engine, stream);
      const leaks = (snapshot: ToolEngineSnapshot) => holdsSecret(snapshot);
      check(!trace.snapshots.some(leaks), 'a snapshot holds payload or result bytes');
      check(
        !holdsSecret(JSON.parse(JSON.stringify(trace.snapshots.at(-1)))),
        'JSON snapshot leaks',
      );
    });
  });

  it('an error result never changes state', { timeout: TIMEOUT }, () => {
    property((engine, stream) => {
      let before: unknown = null;
      run(engine, stream, {
        snapshots: false,
        before(current) {
          before = fingerprint(current);
        },
        after(current, command, result) {
          if (result?.ok !== false) return;
          check(
            isDeepStrictEqual(fingerprint(current), before),
            `${command.t} failed and changed state`,
          );
        },
      });
    });
  });

  it('the seeded world and stream generators exercise every outcome', () => {
    const kinds = new Set<string>();
    const dispositions = new Set<string>();
    const errors = new Set<string>();
    fc.assert(
      fc.property(counters, commands, (start, stream) => {
        const engine = world(start);
        const trace = run(engine, stream, {
          snapshots: false,
          after(_current, _command, result) {
            if (result !== null && !result.ok)
              errors.add((result as unknown as { error: { kind: string } }).error.kind);
          },
        });
        for (const completion of trace.completions) {
          kinds.add(completion.outcome.kind);
          if ('cancellation' in completion.outcome)
            dispositions.add(completion.outcome.cancellation);
        }
      }),
      { numRuns: 500, seed: 42 },
    );
    expect([...kinds].sort()).toEqual(
      [
        'approval-denied',
        'client-closed',
        'failed',
        'grant-revoked',
        'instance-closed',
        'policy-denied',
        'provider-detached',
        'succeeded',
        'superseded',
        'timed-out',
      ].sort(),
    );
    expect(dispositions.has('cancel-queued-unconfirmed')).toBe(true);
    expect(dispositions.has('queued-invoke-removed')).toBe(true);
    expect(dispositions.has('not-required')).toBe(true);
    expect(errors.size).toBeGreaterThan(10);
  });
});
