import type { CapabilityRequestKey } from '@gate4agent/tool-protocol';
import { bumpRevision } from '../primitives/counters.js';
import type { ToolEngineState } from '../state/engine-state.js';
import { isTerminalRecord } from '../state/request-record.js';
import { closeRequest } from './close-request.js';

/**
 * Cancels one live request on behalf of its own client (no upstream equivalent: the TypeScript
 * edge maps an aborted `AbortSignal` here). A request awaiting approval ends at once; a
 * dispatched one has its operation cancelled `client-cancelled`, so the provider stops the
 * process. Either way it gets its one terminal completion, `client-cancelled`. Returns false and
 * changes nothing when `key` names no live request (unknown, or already ended: a cancel can race
 * the request's own completion, and that is not an error). Never fails.
 */
export function cancelRequest(state: ToolEngineState, key: CapabilityRequestKey): boolean {
  const record = state.requests.get(key);
  if (record === undefined || isTerminalRecord(record)) return false;
  closeRequest(state, record, { kind: 'client-cancelled' });
  bumpRevision(state);
  return true;
}
