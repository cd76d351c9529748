import { describe, expect, it } from 'vitest';
import { MAX_PROVIDER_SUPERVISOR_OUTCOMES_PER_TICK } from '../../src/constants.js';
import { faultKinds, harness } from './support/setup.js';

import { submitted } from './support/submitted.js';

describe('observation receipts', () => {
  it('applied and ignored receipts finish their operations without faults', () => {
    const h = harness();
    submitted(h, [1, 2]);
    expect(h.port.completions.map((c) => c.sequence)).toEqual([100, 101]);
    h.port.receipt(1, { kind: 'applied' });
    h.port.receipt(2, { kind: 'ignored', reason: 'request-not-dispatched' });
    expect(h.supervisor.tick().observationOutcomesReceived).toBe(2);
    expect(h.supervisor.snapshot().operations).toEqual([]);
    expect(h.supervisor.drainFaults(8)).toEqual([]);
    expect(h.supervisor.state()).toBe('running');
  });

  it.each([
    [
      'rejected',
      { kind: 'rejected', error: { kind: 'integration-blocked' } },
      'observation-outcome-rejected',
    ],
    [
      'contract-violation',
      { kind: 'contract-violation' },
      'observation-outcome-contract-violation',
    ],
    ['runtime-closed', { kind: 'runtime-closed' }, 'observation-outcome-runtime-closed'],
  ] as const)('a %s receipt blocks detach', (_name, status, fault) => {
    const h = harness();
    submitted(h, [1]);
    h.port.receipt(1, status);
    h.supervisor.tick();
    expect(h.supervisor.state()).toBe('faulted');
    expect(h.supervisor.drainFaults(8)).toMatchObject([
      { kind: { kind: fault }, blocksDetach: true, operation: { operationId: 1 } },
    ]);
    expect(h.supervisor.snapshot().operations).toEqual([]);
    expect(h.port.quiesceCalls).toBe(1);
  });

  it('a fault receipt for a cancelled operation whose Cancel is still queued leaves a tombstone', () => {
    const h = harness();
    submitted(h, [1]);
    h.port.invocations.get(1)!.flag.cancel();
    h.port.receipt(1, { kind: 'runtime-closed' });
    h.supervisor.tick();
    h.port.cancel(1);
    h.supervisor.tick();
    expect(faultKinds(h.supervisor)).toEqual(['observation-outcome-runtime-closed']);
  });

  it('a receipt with nothing outstanding and no operation records two mismatches', () => {
    const h = harness();
    h.port.receipt(4, { kind: 'applied' }, { sequence: 9 });
    h.supervisor.tick();
    expect(
      h.supervisor.drainFaults(8).map((f) => [f.kind.kind, f.blocksDetach, f.operation]),
    ).toEqual([
      ['observation-outcome-mismatch', true, null],
      ['observation-outcome-mismatch', true, null],
    ]);
  });

  it('a receipt for an operation that is not awaiting one fences it', () => {
    const h = harness();
    submitted(h, [1]);
    h.port.invoke(2);
    h.supervisor.tick();
    h.port.receipt(2, { kind: 'applied' }, { sequence: 100 });
    h.supervisor.tick();
    expect(faultKinds(h.supervisor)).toEqual(['observation-outcome-mismatch']);
    expect(h.supervisor.snapshot().operations.map((op) => op.operation.operationId)).toEqual([
      1, 2,
    ]);
    expect(h.supervisor.snapshot().operations[1]!.stopSignalAttempted).toBe(true);
  });

  it('a receipt with the wrong sequence or request key is a mismatch', () => {
    const h = harness();
    submitted(h, [1, 2]);
    h.port.receipt(1, { kind: 'applied' }, { sequence: 555 });
    h.port.receipt(2, { kind: 'applied' }, { localId: 77 });
    h.supervisor.tick();
    expect(faultKinds(h.supervisor)).toEqual([
      'observation-outcome-mismatch',
      'observation-outcome-mismatch',
    ]);
    expect(h.supervisor.snapshot().operations).toEqual([]);
  });

  it('reads at most one quantum of receipts per tick', () => {
    const h = harness({ capacity: 128 });
    const ids = Array.from(
      { length: MAX_PROVIDER_SUPERVISOR_OUTCOMES_PER_TICK + 2 },
      (_, i) => i + 1,
    );
    submitted(h, ids);
    for (const id of ids) h.port.receipt(id, { kind: 'applied' });
    expect(h.supervisor.tick().observationOutcomesReceived).toBe(64);
    expect(h.supervisor.tick().observationOutcomesReceived).toBe(2);
    expect(h.supervisor.snapshot().operations).toEqual([]);
  });
});
