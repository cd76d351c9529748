import {
  CAPABILITY_PROTOCOL_VERSION,
  CapabilityObservation,
  type CapabilityObservationDisposition,
  type CapabilityObservationEnvelope,
  type ObservationIgnoredReason,
  type ToolAuditSubject,
  ToolFailure,
  ToolValidationError,
} from '@gate4agent/tool-protocol';
import { err, ok, type Result } from '@gate4agent/types';
import { ToolEngineError } from '../errors.js';
import { emitAudit } from '../primitives/audit.js';
import { pushTerminalCompletion } from '../primitives/completions.js';
import { bumpRevision } from '../primitives/counters.js';
import type { ToolEngineState } from '../state/engine-state.js';
import { EMPTY_PAYLOAD, type RequestRecord, subjectFor } from '../state/request-record.js';
import { closeRequest } from './close-request.js';

function ignore(
  state: ToolEngineState,
  envelope: CapabilityObservationEnvelope,
  subject: ToolAuditSubject | null,
  reason: ObservationIgnoredReason,
): CapabilityObservationDisposition {
  bumpRevision(state);
  emitAudit(state, subject, {
    kind: 'observation-ignored',
    operationId: envelope.operationId,
    reason,
  });
  return { kind: 'ignored', reason };
}

/** The fence, in upstream order; the reason to ignore the observation, or null to apply it. */
function fence(
  state: ToolEngineState,
  envelope: CapabilityObservationEnvelope,
  record: RequestRecord,
): ObservationIgnoredReason | null {
  const { request } = record;
  if (
    state.generations.get(request.instanceId) !== envelope.generation ||
    envelope.generation !== request.generation
  ) {
    return 'stale-generation';
  }
  if (envelope.instanceId !== request.instanceId) return 'instance-mismatch';
  if (envelope.providerId !== request.providerId) return 'provider-mismatch';
  const { status } = record;
  if (status.kind !== 'dispatched') return 'request-not-dispatched';
  if (envelope.operationId !== status.operationId) return 'operation-mismatch';
  return null;
}

/**
 * Applies a provider's observation (upstream `apply_observation`; the kernel has already checked
 * the binding). Only a wrong protocol version or operation id 0 is an error. Any other mismatch
 * is ignored with its reason — unknown request, stale generation, instance, provider, a request
 * no longer dispatched (so a late or repeated result never completes twice), operation — and
 * still audited. A matching observation past the deadline times the request out instead. An
 * observation that breaks its own contract fails the request `provider-contract-violation`.
 * `envelope` is the engine's own checked copy: the completion takes its result as it is.
 */
export function applyObservation(
  state: ToolEngineState,
  envelope: CapabilityObservationEnvelope,
): Result<CapabilityObservationDisposition, ToolEngineError> {
  if (envelope.protocolVersion !== CAPABILITY_PROTOCOL_VERSION) {
    return err(
      ToolEngineError.validation(
        ToolValidationError.unsupportedProtocolVersion(
          CAPABILITY_PROTOCOL_VERSION,
          envelope.protocolVersion,
        ),
      ),
    );
  }
  if (envelope.operationId === 0) {
    return err(ToolEngineError.validation(ToolValidationError.zeroIdentifier('tool operation id')));
  }
  const record = state.requests.get(envelope.requestKey);
  if (record === undefined) return ok(ignore(state, envelope, null, 'unknown-request'));
  const subject = subjectFor(record);
  const reason = fence(state, envelope, record);
  if (reason !== null) return ok(ignore(state, envelope, subject, reason));
  const { operationId } = envelope;
  if (record.request.deadlineTick <= state.currentTick) {
    closeRequest(state, record, { kind: 'timed-out' });
    return ok(ignore(state, envelope, subject, 'deadline-elapsed'));
  }

  const { observation } = envelope;
  record.payload = EMPTY_PAYLOAD;
  if (!CapabilityObservation.validate(observation).ok) {
    const failure = ToolFailure.providerContractViolation();
    state.requests.setStatus(record, { kind: 'failed', operationId, failure });
    bumpRevision(state);
    emitAudit(state, subject, {
      kind: 'invocation-failed',
      operationId,
      failureKind: failure.kind,
    });
    pushTerminalCompletion(state, record, operationId, { kind: 'failed', failure });
    return ok({ kind: 'applied' });
  }
  if (observation.kind === 'succeeded') {
    // The envelope is the engine's own checked copy (its bytes fresh, its redaction hooks set):
    // the completion takes its result as it is.
    const { result } = observation;
    const { metadata } = result;
    // Frozen here, level by level (the metadata holds only primitives), so setStatus's and
    // emitAudit's deepFreeze find them frozen instead of walking them on every result.
    state.requests.setStatus(
      record,
      Object.freeze({
        kind: 'succeeded',
        operationId,
        result: Object.freeze({
          byteLen: metadata.byteLen,
          mediaType: metadata.mediaType,
          truncated: metadata.truncated,
          redactedSummary: metadata.redactedSummary,
        }),
      }),
    );
    pushTerminalCompletion(state, record, operationId, { kind: 'succeeded', result });
    bumpRevision(state);
    emitAudit(
      state,
      subject,
      Object.freeze({
        kind: 'invocation-succeeded',
        operationId,
        resultBytes: metadata.byteLen,
        truncated: metadata.truncated,
      }),
    );
  } else {
    const failure = { ...observation.failure };
    state.requests.setStatus(record, { kind: 'failed', operationId, failure });
    pushTerminalCompletion(state, record, operationId, { kind: 'failed', failure: { ...failure } });
    bumpRevision(state);
    emitAudit(state, subject, {
      kind: 'invocation-failed',
      operationId,
      failureKind: failure.kind,
    });
  }
  return ok({ kind: 'applied' });
}
