import type {
  CapabilityRequestSnapshot,
  PolicyGrant,
  PolicyKey,
  ToolEngineSnapshot,
} from '@gate4agent/tool-protocol';

/** The tool plane's current state as the page shows it: grants, approvals waiting, open requests. */
export interface ToolsView {
  readonly grants: readonly {
    /** The id the page sends back to revoke this grant. */
    readonly id: string;
    readonly mode: string;
    readonly text: string;
  }[];
  readonly approvals: readonly {
    /** The id the page sends back to approve or deny this request. */
    readonly id: string;
    readonly text: string;
  }[];
  readonly requests: readonly {
    readonly id: string;
    readonly status: string;
    readonly text: string;
  }[];
}

/** @internal The id of a grant: its key's fields, in a fixed order. */
export function grantId(key: PolicyKey): string {
  return [
    key.consumerId,
    key.actorId,
    key.instanceId,
    key.generation,
    key.providerId,
    key.capabilityId,
    key.resourceScopeId,
  ].join('|');
}

/** @internal The id of one accepted request: consumer, actor, local id and accepted sequence. */
export function requestId(request: CapabilityRequestSnapshot): string {
  const { key } = request;
  return `${key.consumerId}|${key.actorId}|${key.localId}|${request.acceptedSequence}`;
}

function grantText(grant: PolicyGrant): string {
  const { key } = grant;
  return `${key.capabilityId} on ${key.resourceScopeId} · ${key.actorId} (${key.consumerId}) · instance ${key.instanceId} gen ${key.generation} · ${key.providerId}`;
}

function requestText(request: CapabilityRequestSnapshot): string {
  return `#${request.key.localId} ${request.capabilityId} on ${request.resourceScopeId} · ${request.key.actorId} · "${request.approvalSummary}"`;
}

const OPEN = new Set(['awaiting-approval', 'dispatched']);

/** @internal The page's view of the tool engine `tools`. */
export function toolsView(tools: ToolEngineSnapshot): ToolsView {
  return {
    grants: tools.grants.map((grant) => ({
      id: grantId(grant.key),
      mode: grant.mode,
      text: grantText(grant),
    })),
    approvals: tools.requests
      .filter((request) => request.status.kind === 'awaiting-approval')
      .map((request) => ({ id: requestId(request), text: requestText(request) })),
    requests: tools.requests
      .filter((request) => OPEN.has(request.status.kind))
      .map((request) => ({
        id: requestId(request),
        status: request.status.kind,
        text: requestText(request),
      })),
  };
}
