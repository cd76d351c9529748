import {
  type CapabilityRequestStatus,
  ConsumerBoundCapabilityRequest,
  type PolicyDecision,
  ToolOperationId,
} from '@gate4agent/tool-protocol';
import { err, ok, type Result } from '@gate4agent/types';
import { ToolEngineError } from '../errors.js';
import { emitAudit } from '../primitives/audit.js';
import {
  ensureClientRequestCapacity,
  ensureCorrelationCapacity,
  ensureEffectCapacity,
  ensureRequestCapacity,
} from '../primitives/capacity.js';
import { pushTerminalCompletion } from '../primitives/completions.js';
import {
  allocateOperationId,
  allocateRequestSequence,
  bumpRevision,
} from '../primitives/counters.js';
import { emitInvoke } from '../primitives/effects.js';
import type { ToolEngineState } from '../state/engine-state.js';
import {
  type AcceptedRequest,
  EMPTY_PAYLOAD,
  isTerminalRecord,
  type RequestRecord,
  subjectFor,
  subjectOf,
} from '../state/request-record.js';
import { evaluatePolicy } from './evaluate-policy.js';

/**
 * The fixed part of a request, owned by the engine. Its key is frozen (snapshots and audit
 * subjects share it); the record itself never leaves the engine and is typed read-only.
 */
export function acceptedRequestOf(envelope: ConsumerBoundCapabilityRequest): AcceptedRequest {
  const { request } = envelope;
  return {
    key: Object.freeze({
      consumerId: envelope.consumerId,
      actorId: envelope.actorId,
      localId: request.localId,
    }),
    instanceId: request.instanceId,
    generation: request.generation,
    providerId: request.providerId,
    capabilityId: request.capabilityId,
    resourceScopeId: request.resourceScopeId,
    deadlineTick: request.deadlineTick,
  };
}

function statusOf(
  decision: PolicyDecision,
  operationId: ToolOperationId | null,
): CapabilityRequestStatus {
  if (decision.kind === 'deny') return { kind: 'denied', reason: decision.reason };
  if (operationId === null) return { kind: 'awaiting-approval' };
  return { kind: 'dispatched', operationId };
}

/**
 * Admits a request (upstream `request`). Checks, in order and without mutating: the envelope's
 * validation at the current tick; a live record with the same key (`duplicate-request`; a
 * terminal one is replaced); the policy decision; the accepted-sequence and operation-id counters;
 * room for the invoke (allow); the client's 32 live requests (allow or approval; denials do not
 * count); then room for a record, which may evict the oldest terminal one. A denial is not an
 * error: it is recorded, audited and completed `policy-denied`. An allow emits the invoke at once.
 * `envelope` is the engine's own checked copy: its payload is kept as it is, never copied again.
 */
export function admit(
  state: ToolEngineState,
  envelope: ConsumerBoundCapabilityRequest,
): Result<PolicyDecision, ToolEngineError> {
  const valid = ConsumerBoundCapabilityRequest.validate(envelope, state.currentTick);
  if (!valid.ok) return err(ToolEngineError.validation(valid.error));
  const request = acceptedRequestOf(envelope);
  const existing = state.requests.get(request.key);
  const reusesTerminalKey = existing !== undefined && isTerminalRecord(existing);
  if (existing !== undefined && !reusesTerminalKey) {
    return err(ToolEngineError.duplicateRequest(request.key));
  }
  const decision = evaluatePolicy(state, envelope);
  const allowed = decision.kind === 'allow';
  const correlation = ensureCorrelationCapacity(state, allowed);
  if (!correlation.ok) return correlation;
  if (allowed) {
    const effects = ensureEffectCapacity(state, 1);
    if (!effects.ok) return effects;
  }
  if (decision.kind !== 'deny') {
    const client = ensureClientRequestCapacity(state, request.key);
    if (!client.ok) return client;
  }
  if (!reusesTerminalKey) {
    const room = ensureRequestCapacity(state);
    if (!room.ok) return room;
  }

  const acceptedSequence = allocateRequestSequence(state);
  const operationId = allowed ? ToolOperationId.of(allocateOperationId(state)) : null;
  // The envelope is the engine's own checked copy (ToolEngine.request's checkValue, or the
  // kernel's, handed on), whose payload is a fresh plain Uint8Array: kept as it is, not copied again.
  const payload = envelope.request.payload;
  // Every part is already frozen (key, decision) or a primitive, except the fresh status. The
  // snapshot is built only when someone asks for it.
  const record: RequestRecord = {
    request,
    payload: decision.kind === 'require-approval' ? payload : EMPTY_PAYLOAD,
    acceptedSequence,
    acceptedAtTick: state.currentTick,
    approvalSummary: envelope.request.approvalSummary,
    payloadBytes: payload.length,
    policyDecision: decision,
    status: Object.freeze(statusOf(decision, operationId)),
    subject: subjectOf(request, acceptedSequence),
    snapshot: null,
  };
  state.requests.set(record);
  bumpRevision(state);
  const subject = subjectFor(record);
  // Hot-path events hold only primitives and frozen values, so they are frozen here, shallowly,
  // and emitAudit's deepFreeze has nothing left to walk.
  emitAudit(
    state,
    subject,
    Object.freeze({ kind: 'request-evaluated', decision, payloadBytes: payload.length }),
  );
  if (decision.kind === 'deny') {
    pushTerminalCompletion(state, record, null, { kind: 'policy-denied', reason: decision.reason });
  } else if (operationId !== null) {
    emitInvoke(state, record, operationId, payload);
    emitAudit(state, subject, Object.freeze({ kind: 'invocation-dispatched', operationId }));
  }
  return ok(decision);
}
