import { type ApprovalResolution, ToolOperationId } from '@gate4agent/tool-protocol';
import { err, ok, type Result } from '@gate4agent/types';
import { ToolEngineError } from '../errors.js';
import { emitAudit } from '../primitives/audit.js';
import { ensureEffectCapacity, ensureOperationCapacity } from '../primitives/capacity.js';
import { pushTerminalCompletion } from '../primitives/completions.js';
import { allocateOperationId, bumpRevision } from '../primitives/counters.js';
import { emitInvoke } from '../primitives/effects.js';
import type { ToolEngineState } from '../state/engine-state.js';
import { EMPTY_PAYLOAD, subjectFor } from '../state/request-record.js';
import { closeRequest } from './close-request.js';

/**
 * Resolves a request awaiting approval (upstream `resolve_approval`). Checks, in order, none
 * mutating: the record exists; the resolution quotes its accepted sequence (the guard against a
 * reused key); its instance is known, active, and at the resolution's generation; the resolution
 * names the record's instance and generation; the record awaits approval. A deadline already
 * reached times the request out and fails `approval-deadline-elapsed`, which `applyAuthority`
 * reports as the `approval-expired` outcome. Approve-once issues an operation and the invoke;
 * deny completes `approval-denied`.
 */
export function resolveApproval(
  state: ToolEngineState,
  resolution: ApprovalResolution,
): Result<void, ToolEngineError> {
  const { requestKey } = resolution;
  const record = state.requests.get(requestKey);
  if (record === undefined) return err(ToolEngineError.unknownRequest(requestKey));
  const { acceptedSequence } = record;
  if (resolution.acceptedSequence !== acceptedSequence) {
    return err(
      ToolEngineError.approvalNonceMismatch(
        requestKey,
        acceptedSequence,
        resolution.acceptedSequence,
      ),
    );
  }
  const { request } = record;
  const current = state.generations.get(request.instanceId);
  if (current === undefined) return err(ToolEngineError.unknownPolicyInstance(request.instanceId));
  if (state.instanceStates.get(request.instanceId) !== 'active') {
    return err(ToolEngineError.inactivePolicyInstance(request.instanceId));
  }
  if (resolution.generation !== current) {
    return err(ToolEngineError.approvalGenerationStale(current, resolution.generation));
  }
  if (
    resolution.instanceId !== request.instanceId ||
    resolution.generation !== request.generation
  ) {
    return err(ToolEngineError.approvalScopeMismatch(requestKey));
  }
  if (record.status.kind !== 'awaiting-approval') {
    return err(ToolEngineError.requestNotAwaitingApproval(requestKey));
  }
  if (request.deadlineTick <= state.currentTick) {
    closeRequest(state, record, { kind: 'timed-out' });
    bumpRevision(state);
    return err(ToolEngineError.approvalDeadlineElapsed(requestKey));
  }
  const approved = resolution.decision === 'approve-once';
  if (approved) {
    const operations = ensureOperationCapacity(state);
    if (!operations.ok) return operations;
    const effects = ensureEffectCapacity(state, 1);
    if (!effects.ok) return effects;
  }

  const operationId = approved ? ToolOperationId.of(allocateOperationId(state)) : null;
  const { payload } = record;
  state.requests.setStatus(
    record,
    operationId === null ? { kind: 'approval-denied' } : { kind: 'dispatched', operationId },
  );
  record.payload = EMPTY_PAYLOAD;
  bumpRevision(state);
  const subject = subjectFor(record);
  emitAudit(state, subject, { kind: 'approval-resolved', decision: resolution.decision });
  if (operationId !== null) {
    emitInvoke(state, record, operationId, payload);
    emitAudit(state, subject, { kind: 'invocation-dispatched', operationId });
  } else {
    pushTerminalCompletion(state, record, null, { kind: 'approval-denied' });
  }
  return ok();
}
