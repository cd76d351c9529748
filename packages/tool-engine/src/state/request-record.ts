import type {
  CapabilityRequestKey,
  CapabilityRequestSnapshot,
  ResourceScopeId,
  ToolAuditSubject,
  ToolCapabilityId,
  ToolOperationId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import type { AgentInstanceId, SessionGeneration } from '@gate4agent/types';

/** The fixed part of an accepted request: what it asked for, without its payload. */
export interface AcceptedRequest {
  readonly key: CapabilityRequestKey;
  readonly instanceId: AgentInstanceId;
  readonly generation: SessionGeneration;
  readonly providerId: ToolProviderId;
  readonly capabilityId: ToolCapabilityId;
  readonly resourceScopeId: ResourceScopeId;
  readonly deadlineTick: number;
}

/**
 * One request record: live, or terminal and retained until evicted. The payload is held only
 * while the request awaits approval (the invoke needs it later) and is empty otherwise.
 */
export interface RequestRecord {
  readonly request: AcceptedRequest;
  payload: Uint8Array;
  /** Frozen; replaced, never mutated, when the status moves (through `RequestTable.setStatus`). */
  snapshot: CapabilityRequestSnapshot;
  /** Frozen; see {@link subjectFor}. */
  readonly subject: ToolAuditSubject;
}

/** An empty payload; a record that no longer needs its payload points here. */
export const EMPTY_PAYLOAD: Uint8Array = new Uint8Array(0);

/** Whether the record's status is terminal (anything but awaiting approval or dispatched). */
export function isTerminalRecord(record: RequestRecord): boolean {
  const { kind } = record.snapshot.status;
  return kind !== 'awaiting-approval' && kind !== 'dispatched';
}

/** The operation id of a dispatched record; null in every other status. */
export function dispatchedOperation(record: RequestRecord): ToolOperationId | null {
  const { status } = record.snapshot;
  return status.kind === 'dispatched' ? status.operationId : null;
}

/**
 * The audit subject of a record (upstream `subject_for`): built once, frozen, when the record is
 * accepted (every field is fixed from then on), and shared by all of the record's audit events.
 */
export function subjectFor(record: RequestRecord): ToolAuditSubject {
  return record.subject;
}

/** The frozen audit subject of an accepted request with `acceptedSequence`. */
export function subjectOf(request: AcceptedRequest, acceptedSequence: number): ToolAuditSubject {
  return Object.freeze({
    requestKey: request.key,
    acceptedSequence,
    instanceId: request.instanceId,
    generation: request.generation,
    providerId: request.providerId,
    capabilityId: request.capabilityId,
    resourceScopeId: request.resourceScopeId,
  });
}
