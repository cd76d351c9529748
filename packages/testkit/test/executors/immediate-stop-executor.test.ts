import { unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { ImmediateStopExecutor } from '../../src/executors/immediate-stop-executor.js';
import { createCancelPressureEvidence } from '../../src/executors/process-evidence.js';
import { fakeInvocation } from './fake-invocation.js';

describe('ImmediateStopExecutor', () => {
  it('counts starts and reports one exit after the first stop', () => {
    const evidence = createCancelPressureEvidence();
    const executor = new ImmediateStopExecutor({ evidence });
    const operation = unwrap(executor.start(fakeInvocation(1)));
    unwrap(executor.start(fakeInvocation(2)));
    expect(evidence).toEqual({ starts: 2, stopRequests: 0, reaped: 0 });

    expect(unwrap(operation.tryWait())).toBeNull();
    expect(unwrap(operation.tryPollResult())).toEqual({ kind: 'pending' });
    unwrap(operation.requestStop());
    unwrap(operation.requestForceStop());
    unwrap(operation.requestStop());
    expect(evidence.stopRequests).toBe(1);
    expect(unwrap(operation.tryWait())).toEqual({ success: false, code: null });
    expect(unwrap(operation.tryWait())).toBeNull();
    expect(evidence).toEqual({ starts: 2, stopRequests: 1, reaped: 1 });
    expect(unwrap(operation.tryPollResult())).toEqual({ kind: 'pending' });
  });

  it('a force stop alone counts as the stop', () => {
    const evidence = createCancelPressureEvidence();
    const operation = unwrap(new ImmediateStopExecutor({ evidence }).start(fakeInvocation(1)));
    unwrap(operation.requestForceStop());
    expect(unwrap(operation.tryWait())).toEqual({ success: false, code: null });
    expect(evidence).toEqual({ starts: 1, stopRequests: 1, reaped: 1 });
  });
});
