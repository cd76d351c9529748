import type { PolicyKey, ToolAuditEvent } from '@gate4agent/tool-protocol';
import type { TimelineEntry } from './timeline-entry.js';

/** @internal A timeline entry without its view sequence. */
export type TimelineLine = Omit<TimelineEntry, 'sequence'>;

function describeKey(key: PolicyKey): string {
  return `${key.capabilityId} on ${key.resourceScopeId} for ${key.actorId} (instance ${key.instanceId}, generation ${key.generation})`;
}

/** @internal One audit event of the tool engine as a timeline line. */
export function describeAuditEvent(audit: ToolAuditEvent): TimelineLine {
  const { event } = audit;
  const requestId = audit.subject?.requestKey.localId ?? null;
  const request = requestId === null ? 'request' : `request #${requestId}`;
  const what = audit.subject === null ? '' : ` ${audit.subject.capabilityId}`;
  const base = { event: event.kind, tick: audit.tick, requestId };
  switch (event.kind) {
    case 'grant-set':
      return {
        ...base,
        kind: 'grant',
        tone: 'ok',
        text: `grant ${describeKey(event.grant.key)}: mode ${event.grant.mode}`,
      };
    case 'grant-revoked':
      return { ...base, kind: 'revoke', tone: 'warn', text: `revoked ${describeKey(event.key)}` };
    case 'request-evaluated':
      return {
        ...base,
        kind: 'request',
        tone: event.decision.kind === 'deny' ? 'bad' : 'ok',
        text: `${request}${what}: ${event.decision.kind === 'deny' ? `denied (${event.decision.reason.kind})` : event.decision.kind} (${event.payloadBytes} payload bytes)`,
      };
    case 'approval-resolved':
      return {
        ...base,
        kind: 'approval',
        tone: event.decision === 'deny' ? 'warn' : 'ok',
        text: `${request}${what}: approval answered ${event.decision}`,
      };
    case 'invocation-dispatched':
      return {
        ...base,
        kind: 'dispatch',
        tone: 'ok',
        text: `${request}${what}: dispatched as operation ${event.operationId}`,
      };
    case 'invocation-succeeded':
      return {
        ...base,
        kind: 'completion',
        tone: 'ok',
        text: `${request}${what}: completed succeeded (operation ${event.operationId}, ${event.resultBytes} result bytes${event.truncated ? ', truncated' : ''})`,
      };
    case 'invocation-failed':
      return {
        ...base,
        kind: 'completion',
        tone: 'bad',
        text: `${request}${what}: completed failed (${event.failureKind}, operation ${event.operationId})`,
      };
    case 'request-grant-revoked':
    case 'request-timed-out':
    case 'request-superseded':
    case 'request-instance-closed':
    case 'request-client-closed':
    case 'request-client-cancelled':
    case 'request-provider-detached': {
      const operation = event.operationId === null ? '' : `, operation ${event.operationId}`;
      return {
        ...base,
        kind: 'completion',
        tone: 'warn',
        text: `${request}${what}: completed ${event.kind.slice('request-'.length)} (cancellation ${event.cancellation}${operation})`,
      };
    }
    case 'completion-dropped':
      return {
        ...base,
        kind: 'completion',
        tone: 'bad',
        text: `${request}: completion dropped (${event.reason})`,
      };
    case 'observation-ignored':
      return {
        ...base,
        kind: 'completion',
        tone: 'warn',
        text: `${request}: observation of operation ${event.operationId} ignored (${event.reason})`,
      };
    case 'provider-registered':
      return {
        ...base,
        kind: 'lifecycle',
        tone: 'ok',
        text: `provider ${event.providerId} registered (${event.capabilityCount} capabilities)`,
      };
    case 'generation-advanced':
      return {
        ...base,
        kind: 'lifecycle',
        tone: 'ok',
        text: `instance ${event.instanceId} generation ${event.previous ?? 'none'} → ${event.current}${event.purgedGrantCount > 0 ? ` (${event.purgedGrantCount} grants purged)` : ''}`,
      };
    case 'instance-state-changed':
      return {
        ...base,
        kind: 'lifecycle',
        tone: 'ok',
        text: `instance ${event.instanceId} generation ${event.generation}: ${event.state}`,
      };
    case 'instance-removed':
      return {
        ...base,
        kind: 'lifecycle',
        tone: 'ok',
        text: `instance ${event.instanceId} removed`,
      };
    case 'client-closed':
      return {
        ...base,
        kind: 'lifecycle',
        tone: 'ok',
        text: `tool client ${event.consumerId} / ${event.actorId} closed (${event.closedRequestCount} requests closed)`,
      };
  }
}
