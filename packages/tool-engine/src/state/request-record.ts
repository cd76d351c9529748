import type {
  CapabilityRequestKey,
  CapabilityRequestSnapshot,
  CapabilityRequestStatus,
  PolicyDecision,
  ResourceScopeId,
  ToolAuditSubject,
  ToolCapabilityId,
  ToolOperationId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { type AgentInstanceId, type SessionGeneration, utf8ByteLength } from '@gate4agent/types';

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
 * while the request awaits approval (the invoke needs it later) and is empty otherwise. The
 * record holds the facts of its admission and its current status; its
 * {@link CapabilityRequestSnapshot} is built from them when someone first asks for it
 * ({@link requestSnapshotOf}), so a request whose snapshot nobody reads never pays for one.
 */
export interface RequestRecord {
  readonly request: AcceptedRequest;
  payload: Uint8Array;
  readonly acceptedSequence: number;
  readonly acceptedAtTick: number;
  readonly approvalSummary: string;
  /** The payload's size in bytes at admission (the payload itself may be gone since). */
  readonly payloadBytes: number;
  /** Frozen. */
  readonly policyDecision: PolicyDecision;
  /** Frozen; replaced, never mutated, when the status moves (through `RequestTable.setStatus`). */
  status: CapabilityRequestStatus;
  /** Frozen; see {@link subjectFor}. */
  readonly subject: ToolAuditSubject;
  /** The frozen snapshot of the current status once built; null until asked for, and again after every status change. */
  snapshot: CapabilityRequestSnapshot | null;
}

/**
 * The record's frozen snapshot at its current status: built on the first call after admission or
 * a status change, then the same object until the status moves again.
 */
export function requestSnapshotOf(record: RequestRecord): CapabilityRequestSnapshot {
  const built = record.snapshot;
  if (built !== null) return built;
  const { request } = record;
  const snapshot: CapabilityRequestSnapshot = Object.freeze({
    key: request.key,
    acceptedSequence: record.acceptedSequence,
    acceptedAtTick: record.acceptedAtTick,
    instanceId: request.instanceId,
    generation: request.generation,
    providerId: request.providerId,
    capabilityId: request.capabilityId,
    resourceScopeId: request.resourceScopeId,
    approvalSummary: record.approvalSummary,
    approvalSummaryBytes: utf8ByteLength(record.approvalSummary),
    deadlineTick: request.deadlineTick,
    payloadBytes: record.payloadBytes,
    policyDecision: record.policyDecision,
    status: record.status,
  });
  record.snapshot = snapshot;
  return snapshot;
}

/** An empty payload; a record that no longer needs its payload points here. */
export const EMPTY_PAYLOAD: Uint8Array = new Uint8Array(0);

/** Whether the record's status is terminal (anything but awaiting approval or dispatched). */
export function isTerminalRecord(record: RequestRecord): boolean {
  const { kind } = record.status;
  return kind !== 'awaiting-approval' && kind !== 'dispatched';
}

/** The operation id of a dispatched record; null in every other status. */
export function dispatchedOperation(record: RequestRecord): ToolOperationId | null {
  const { status } = record;
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
