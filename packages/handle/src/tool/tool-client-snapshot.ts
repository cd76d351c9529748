import type { ToolEngineSnapshot, ToolProviderId } from '@gate4agent/tool-protocol';
import type { ClientState } from './client-state.js';

/**
 * One client's scoped view of a publication: its own grants, requests and audit events, the
 * instances those mention, the providers it may use, and which of those had an active local
 * binding when the view was published.
 */
export interface ToolClientSnapshot {
  readonly protocolVersion: ToolEngineSnapshot['protocolVersion'];
  /** The combined snapshot's revision (one per kernel step). */
  readonly backendRevision: number;
  readonly logicalTick: number;
  /** The tool engine's own revision. */
  readonly toolRevision: number;
  readonly currentTick: number;
  readonly generations: ToolEngineSnapshot['generations'];
  readonly instanceStates: ToolEngineSnapshot['instanceStates'];
  readonly providers: ToolEngineSnapshot['providers'];
  /** Ascending provider-id order. */
  readonly availableProviders: readonly ToolProviderId[];
  readonly grants: ToolEngineSnapshot['grants'];
  readonly requests: ToolEngineSnapshot['requests'];
  readonly auditEvents: ToolEngineSnapshot['auditEvents'];
  readonly droppedAuditEvents: number;
  readonly nextCompletionSequence: number;
  readonly droppedCompletions: number;
  readonly completionSequenceExhausted: boolean;
}

type Provider = ToolEngineSnapshot['providers'][number];

/** Builds the scoped view of `client` from one publication. */
export function scopedSnapshot(client: ClientState): ToolClientSnapshot {
  const { snapshot, availableProviderBindings } = client.edge.publication;
  const tools = snapshot.tools;
  const { consumerId, actorId } = client;
  const mine = (key: { consumerId: string; actorId: string }): boolean =>
    key.consumerId === consumerId && key.actorId === actorId;
  const visibleProvider = (provider: Provider): boolean =>
    provider.owner.kind === 'gate' || provider.owner.consumerId === consumerId;

  const grants = tools.grants.filter((grant) => mine(grant.key));
  const requests = tools.requests.filter((request) => mine(request.key));
  const visibleInstances = new Set<number>([
    ...grants.map((grant) => grant.key.instanceId),
    ...requests.map((request) => request.instanceId),
  ]);
  const availableProviders = [...availableProviderBindings.keys()].filter((providerId) =>
    tools.providers.some((provider) => provider.id === providerId && visibleProvider(provider)),
  );
  return {
    protocolVersion: tools.protocolVersion,
    backendRevision: snapshot.revision,
    logicalTick: snapshot.logicalTick,
    toolRevision: tools.revision,
    currentTick: tools.currentTick,
    generations: tools.generations.filter(([instanceId]) => visibleInstances.has(instanceId)),
    instanceStates: tools.instanceStates.filter(([instanceId]) => visibleInstances.has(instanceId)),
    providers: tools.providers.filter(visibleProvider),
    availableProviders,
    grants,
    requests,
    auditEvents: tools.auditEvents.filter(
      (event) => event.subject !== null && mine(event.subject.requestKey),
    ),
    droppedAuditEvents: tools.droppedAuditEvents,
    nextCompletionSequence: tools.nextCompletionSequence,
    droppedCompletions: tools.droppedCompletions,
    completionSequenceExhausted: tools.completionSequenceExhausted,
  };
}
