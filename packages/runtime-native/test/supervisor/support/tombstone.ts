import { EXIT_OK } from './fake-executor.js';
import { successObservation } from './fixtures.js';
import type { Harness } from './setup.js';

/**
 * Operation 1 completes, its token is cancelled while the receipt is awaited, and the receipt
 * arrives before the Cancel: the operation ends as a tombstone waiting for that Cancel.
 */
export function tombstoneOperationOne(
  supervisor: Harness['supervisor'],
  port: Harness['port'],
  executor: Harness['executor'],
): void {
  port.invoke(1);
  supervisor.tick();
  executor.op(1).poll = { kind: 'ready', observation: successObservation() };
  executor.op(1).exit = EXIT_OK;
  supervisor.tick();
  supervisor.tick();
  port.invocations.get(1)!.flag.cancel();
  port.receipt(1, { kind: 'applied' });
  supervisor.tick();
  if (supervisor.snapshot().operations.length !== 0 || supervisor.state() !== 'running') {
    throw new Error('operation 1 did not end as a tombstone');
  }
}
