import { ProviderRuntimeError } from '@gate4agent/handle';
import { err, ok } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { harness } from './support/setup.js';

import { submitted } from './support/submitted.js';

describe('completion submission', () => {
  it('keeps unreceipted submissions below the binding capacity', () => {
    const h = harness({ capacity: 2 });
    submitted(h, [1, 2, 3]);
    expect(h.port.completions).toHaveLength(2);
    h.supervisor.tick();
    expect(h.port.completions).toHaveLength(2);
    h.port.receipt(1, { kind: 'applied' });
    expect(h.supervisor.tick().observationsSubmitted).toBe(1);
    expect(h.port.completions.map((c) => c.invocation.operationId())).toEqual([1, 2, 3]);
  });

  it('a full ingress leaves the completion pending for a later tick', () => {
    const h = harness();
    h.port.completeResults.push(err(ProviderRuntimeError.full()));
    submitted(h, [1]);
    expect(h.port.completions).toHaveLength(0);
    expect(h.supervisor.snapshot().operations[0]).toMatchObject({ resultReady: true });
    expect(h.supervisor.tick().observationsSubmitted).toBe(1);
    expect(h.supervisor.drainFaults(8)).toEqual([]);
  });

  it('any other completion error tombstones the operation and blocks detach', () => {
    const h = harness();
    h.port.completeResults.push(err(ProviderRuntimeError.inactive()));
    submitted(h, [1]);
    expect(h.supervisor.state()).toBe('faulted');
    expect(h.supervisor.drainFaults(8)).toMatchObject([
      {
        kind: { kind: 'runtime-completion-failed', error: ProviderRuntimeError.inactive() },
        blocksDetach: true,
        operation: { operationId: 1 },
      },
    ]);
    expect(h.supervisor.snapshot().operations).toEqual([]);
    h.port.cancel(1);
    h.supervisor.tick();
    expect(h.supervisor.drainFaults(8)).toEqual([]);
  });

  it('the sequence tryComplete returns is the one the receipt must carry', () => {
    const h = harness();
    h.port.completeResults.push(ok(4_242));
    submitted(h, [1]);
    h.port.receipt(1, { kind: 'applied' });
    h.supervisor.tick();
    expect(h.supervisor.drainFaults(8)).toEqual([]);
    expect(h.port.outcomes).toEqual([]);
  });
});
