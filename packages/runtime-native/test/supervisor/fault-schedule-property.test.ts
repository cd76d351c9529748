// Property: whatever an executor throws or answers, and whenever requests are cancelled or the
// provider retires, every request is completed at most once, every started operation is
// acknowledged exactly once, sequences only grow, and the supervisor reaches `closed`.
import { createFakeClock } from '@gate4agent/testkit';
import { unwrap } from '@gate4agent/types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROVIDER_EXIT_PROOF_TIMEOUT } from '../../src/constants.js';
import { ProviderSupervisor } from '../../src/supervisor/provider-supervisor.js';
import { FakeRuntimePort } from './support/fake-runtime-port.js';
import { providerDescriptor } from './support/fixtures.js';
import {
  type CallFault,
  ScriptedExecutor,
  type ScriptedMethod,
} from './support/scripted-executor.js';

const RUNS = 1_000;
const SEED = 20_261_202;
const GRACE = 25;
const METHODS: ScriptedMethod[] = [
  'start',
  'tryPollResult',
  'tryWait',
  'requestStop',
  'requestForceStop',
];
const MAX_TICKS = 400;

const faultArb = fc.constantFrom<CallFault>('ok', 'ok', 'ok', 'ok', 'throw', 'invalid', 'error');

const scenarioArb = fc.record({
  operations: fc.integer({ min: 1, max: 6 }),
  // For each operation and method, the faults of its first calls (later calls answer normally).
  faults: fc.array(fc.array(fc.array(faultArb, { maxLength: 4 }), { minLength: 5, maxLength: 5 }), {
    minLength: 6,
    maxLength: 6,
  }),
  naturalExit: fc.array(fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }), {
    minLength: 6,
    maxLength: 6,
  }),
  obeysStop: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
  cancelAt: fc.array(fc.option(fc.integer({ min: 0, max: 12 }), { nil: null }), {
    minLength: 6,
    maxLength: 6,
  }),
  retireAt: fc.integer({ min: 0, max: 20 }),
  steps: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 8, maxLength: 8 }),
});

describe('supervisor under random executor faults', () => {
  it(`completes each request at most once and acks each started operation exactly once (${RUNS} seeded runs)`, () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const port = new FakeRuntimePort(undefined, undefined, 8);
        const clock = createFakeClock(1_000);
        const executor = new ScriptedExecutor(
          (operationId, method, call) =>
            scenario.faults[operationId - 1]?.[METHODS.indexOf(method)]?.[call] ?? 'ok',
          {
            naturalExitAfter: (operationId) => scenario.naturalExit[operationId - 1] ?? null,
            obeysStop: (operationId) => scenario.obeysStop[operationId - 1] ?? true,
          },
        );
        const supervisor = unwrap(
          ProviderSupervisor.newWithStopGrace(providerDescriptor(), port, executor, GRACE, {
            now: clock.now,
          }),
        );
        for (let id = 1; id <= scenario.operations; id += 1) port.invoke(id);
        const acked: number[] = [];
        const receipted = new Set<number>();
        let tick = 0;
        for (; tick < MAX_TICKS && supervisor.state() !== 'closed'; tick += 1) {
          for (let id = 1; id <= scenario.operations; id += 1) {
            if (scenario.cancelAt[id - 1] === tick) port.cancel(id, 'deadline-elapsed');
          }
          if (tick === scenario.retireAt) supervisor.beginRetirement();
          if (port.closeCalls > 0) port.runtimeState = 'closed';
          supervisor.tick();
          for (const completion of port.completions) {
            const id = completion.invocation.operationId();
            if (!receipted.has(id)) {
              receipted.add(id);
              port.receipt(id);
            }
          }
          acked.push(...supervisor.drainExitAcks(64).map((ack) => ack.operation.operationId));
          supervisor.drainFaults(2_048);
          // Past the grace and, later, past the exit-proof window, so every ladder can finish.
          const step = scenario.steps[tick % scenario.steps.length] ?? 0;
          clock.advance(tick > 40 ? PROVIDER_EXIT_PROOF_TIMEOUT : step);
        }
        expect(supervisor.state()).toBe('closed');
        expect(supervisor.snapshot().operations).toEqual([]);
        const completed = port.completions.map((c) => c.invocation.operationId());
        expect(new Set(completed).size).toBe(completed.length);
        expect([...acked].sort((a, b) => a - b)).toEqual(
          [...executor.started].sort((a, b) => a - b),
        );
        const sequences = port.completions.map((c) => c.sequence);
        expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
        expect(new Set(sequences).size).toBe(sequences.length);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
