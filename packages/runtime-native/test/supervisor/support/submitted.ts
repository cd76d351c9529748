import { EXIT_OK } from './fake-executor.js';
import { successObservation } from './fixtures.js';
import type { Harness } from './setup.js';

/** Starts operations `ids`, lets each exit with a result, and submits them. */
export function submitted(h: Harness, ids: readonly number[]): void {
  for (const id of ids) h.port.invoke(id);
  while (h.port.work.length > 0) h.supervisor.tick();
  for (const id of ids) {
    h.executor.op(id).poll = { kind: 'ready', observation: successObservation() };
    h.executor.op(id).exit = EXIT_OK;
  }
  h.supervisor.tick();
  h.supervisor.tick();
}
