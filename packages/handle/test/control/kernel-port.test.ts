// What upstream leaves out: the legacy port's partial publication and disposal.
import { CommandId, defaultControlSnapshot, err, unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { boundedPort } from '../../src/control/bounded-port.js';
import { PortDispatchError } from '../../src/control/port-dispatch-error.js';
import { instance } from '../support/control-plane-fixtures.js';

describe('KernelPort', () => {
  it('clamps a zero capacity to one and disconnects producers on dispose', () => {
    const [handle, kernel] = boundedPort(0);
    const stop = {
      id: CommandId.of(1),
      command: { kind: 'stop' as const, instanceId: instance(), force: false },
    };
    unwrap(handle.dispatch(stop));
    expect(handle.dispatch(stop)).toEqual(err(PortDispatchError.full()));
    kernel.dispose();
    expect(handle.dispatch(stop)).toEqual(err(PortDispatchError.disconnected()));
    expect(kernel.drainCommands(8)).toEqual([]);
  });

  it('replaces only the control part of the publication and keeps it immutable', () => {
    const [handle, kernel] = boundedPort(1);
    const first = { ...defaultControlSnapshot(), revision: 3 };
    kernel.publishSnapshot(first);
    const read = handle.snapshot();
    kernel.publishSnapshot({ ...defaultControlSnapshot(), revision: 4 });
    expect(read).toBe(first);
    expect(read.revision).toBe(3);
    expect(handle.snapshot().revision).toBe(4);
  });
});
