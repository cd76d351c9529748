// The safety transitions: every way a live request ends other than through its provider's result
// or an approval decision. None can fail; queue pressure only degrades the cancellation.
import type {
  CancellationDisposition,
  CapabilityRequestStatus,
  CapabilityTerminalOutcome,
  InvocationCancelReason,
  ToolAuditEventKind,
} from '@gate4agent/tool-protocol';
import type { SessionGeneration } from '@gate4agent/types';
import { emitAudit } from '../primitives/audit.js';
import { pushTerminalCompletion } from '../primitives/completions.js';
import { cancelBestEffort, removeQueuedInvoke } from '../primitives/effects.js';
import type { ToolEngineState } from '../state/engine-state.js';
import {
  dispatchedOperation,
  EMPTY_PAYLOAD,
  type RequestRecord,
  subjectFor,
} from '../state/request-record.js';

/** Why a live request is being closed. */
export type RequestClosure =
  | { readonly kind: 'grant-revoked' }
  | { readonly kind: 'timed-out' }
  | { readonly kind: 'superseded'; readonly currentGeneration: SessionGeneration }
  | { readonly kind: 'instance-closed' }
  | { readonly kind: 'client-closed' }
  | { readonly kind: 'client-cancelled' }
  | { readonly kind: 'provider-detached' };

const CANCEL_REASON: Record<
  Exclude<RequestClosure['kind'], 'provider-detached'>,
  InvocationCancelReason
> = {
  'grant-revoked': 'grant-revoked',
  'timed-out': 'deadline-elapsed',
  superseded: 'generation-superseded',
  'instance-closed': 'instance-closed',
  'client-closed': 'client-closed',
  'client-cancelled': 'client-cancelled',
};

const AUDIT_KIND = {
  'grant-revoked': 'request-grant-revoked',
  'timed-out': 'request-timed-out',
  'instance-closed': 'request-instance-closed',
  'client-closed': 'request-client-closed',
  'client-cancelled': 'request-client-cancelled',
  'provider-detached': 'request-provider-detached',
} as const;

function cancellationFor(
  state: ToolEngineState,
  record: RequestRecord,
  closure: RequestClosure,
): CancellationDisposition {
  const operationId = dispatchedOperation(record);
  if (operationId === null) return 'not-required';
  if (closure.kind === 'provider-detached') {
    // No binding is left to receive a cancel: only an invoke still queued can be stopped.
    return removeQueuedInvoke(state, record, operationId)
      ? 'queued-invoke-removed'
      : 'provider-detached-unconfirmed';
  }
  return cancelBestEffort(state, record, operationId, CANCEL_REASON[closure.kind]);
}

/**
 * Closes a live request: clears its payload, cancels its operation as well as possible, moves it
 * to the terminal status of `closure`, audits it and queues its one terminal completion.
 */
export function closeRequest(
  state: ToolEngineState,
  record: RequestRecord,
  closure: RequestClosure,
): void {
  const operationId = dispatchedOperation(record);
  record.payload = EMPTY_PAYLOAD;
  const cancellation = cancellationFor(state, record, closure);
  let status: CapabilityRequestStatus;
  let audit: ToolAuditEventKind;
  let outcome: CapabilityTerminalOutcome;
  if (closure.kind === 'superseded') {
    const { currentGeneration } = closure;
    status = { kind: 'superseded', operationId, cancellation, currentGeneration };
    audit = { kind: 'request-superseded', operationId, cancellation, currentGeneration };
    outcome = { kind: 'superseded', currentGeneration, cancellation };
  } else {
    status = { kind: closure.kind, operationId, cancellation };
    audit = { kind: AUDIT_KIND[closure.kind], operationId, cancellation };
    outcome = { kind: closure.kind, cancellation };
  }
  state.requests.setStatus(record, status);
  emitAudit(state, subjectFor(record), audit);
  pushTerminalCompletion(state, record, operationId, outcome);
}
