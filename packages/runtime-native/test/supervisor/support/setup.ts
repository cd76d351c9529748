import { createFakeClock, type FakeClock } from '@gate4agent/testkit';
import { unwrap } from '@gate4agent/types';
import { ProviderSupervisor } from '../../../src/supervisor/provider-supervisor.js';
import { FakeExecutor } from './fake-executor.js';
import { FakeRuntimePort } from './fake-runtime-port.js';
import { providerDescriptor } from './fixtures.js';

export const GRACE = 25;

export interface Harness {
  readonly port: FakeRuntimePort;
  readonly executor: FakeExecutor;
  readonly clock: FakeClock;
  readonly supervisor: ProviderSupervisor;
}

/** A supervisor over a fake port and executor, with a 25 ms grace on a fake clock. */
export function harness(options: { capacity?: number; grace?: number } = {}): Harness {
  const port = new FakeRuntimePort(undefined, undefined, options.capacity ?? 8);
  const executor = new FakeExecutor();
  const clock = createFakeClock(1_000);
  const supervisor = unwrap(
    ProviderSupervisor.newWithStopGrace(
      providerDescriptor(),
      port,
      executor,
      options.grace ?? GRACE,
      { now: clock.now },
    ),
  );
  return { port, executor, clock, supervisor };
}

/** The kinds of the faults drained from `supervisor`. */
export function faultKinds(supervisor: ProviderSupervisor): string[] {
  return supervisor.drainFaults(2_048).map((fault) => fault.kind.kind);
}
