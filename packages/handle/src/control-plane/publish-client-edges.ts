import type { ToolAuthorityCommandOutcome, ToolRequestOutcome } from '@gate4agent/kernel';
import type { CapabilityCompletionBatch } from '@gate4agent/tool-protocol';
import type { EdgeState } from '../edge/edge-state.js';
import type { PublishReport } from '../publish/publish-report.js';
import { addPublishReport, emptyPublishReport } from '../publish/publish-report.js';
import type { AuthorityState } from '../tool/authority-state.js';
import type { ClientState } from '../tool/client-state.js';
import type { ToolCompletionDelivery } from '../tool/tool-completion-delivery.js';

/** Offers a request outcome to the exact client (consumer and actor) only; unknown ones are dropped. */
export function publishRequestOutcome(
  authority: AuthorityState,
  outcome: ToolRequestOutcome,
): PublishReport {
  const client = authority.clientFor(outcome.requestKey.consumerId, outcome.requestKey.actorId);
  if (client === undefined) return emptyPublishReport();
  // Refused before the engine saw it: no completion will ever come, so an awaiting request() ends here.
  if (!outcome.result.ok) {
    client.pendingCompletions.settle(outcome.requestKey.localId, outcome.result);
  }
  return client.requestSubscribers.publishOne(outcome);
}

/**
 * Offers an authority outcome to every authority subscriber, then settles the close it answers:
 * a `client-closed` result marks the client for finalization (returned), anything else sends it
 * back to `closing-retry` for the caller to close again.
 */
export function publishAuthorityOutcome(
  authority: AuthorityState,
  outcome: ToolAuthorityCommandOutcome,
): [PublishReport, ClientState | null] {
  const report = authority.subscribers.publishOne(outcome);
  authority.pendingOutcomes.settle(outcome.sequence, outcome.result);
  const consumerId = authority.closingBySequence.get(outcome.sequence);
  if (consumerId === undefined) return [report, null];
  authority.closingBySequence.delete(outcome.sequence);
  const client = authority.clients.get(consumerId);
  if (client === undefined) return [report, null];
  if (outcome.result.ok && outcome.result.value.kind === 'client-closed') {
    client.lifecycle = { kind: 'close-succeeded' };
    return [report, client];
  }
  client.lifecycle = { kind: 'closing-retry' };
  return [report, null];
}

/**
 * Offers each completion to its exact client, then one source gap to every client when the
 * engine dropped completions since the last drain or its sequence newly ran out.
 */
export function publishCompletions(
  authority: AuthorityState,
  edge: EdgeState,
  batch: CapabilityCompletionBatch,
): PublishReport {
  const report = emptyPublishReport();
  for (const completion of batch.completions) {
    const key = completion.requestKey;
    const client = authority.clientFor(key.consumerId, key.actorId);
    if (client === undefined) continue;
    addPublishReport(
      report,
      client.completionSubscribers.publishOne({ kind: 'completion', completion }),
    );
    client.pendingCompletions.settle(key.localId, { ok: true, value: completion });
  }
  const newExhaustion = batch.sequenceExhausted && !edge.sequenceExhaustionAnnounced;
  edge.sequenceExhaustionAnnounced = batch.sequenceExhausted;
  if (batch.droppedSinceLastDrain > 0 || newExhaustion) {
    const gap: ToolCompletionDelivery = {
      kind: 'source-gap',
      gap: {
        droppedSinceLastDrain: batch.droppedSinceLastDrain,
        totalDropped: batch.totalDropped,
        nextSequence: batch.nextSequence,
        sequenceExhausted: batch.sequenceExhausted,
      },
    };
    for (const client of authority.sortedClients()) {
      addPublishReport(report, client.completionSubscribers.publishOne(gap));
    }
  }
  return report;
}

/**
 * Ends a client whose close the kernel confirmed: closed, subscriptions disconnected (readers
 * drain first), removed from the registry. False when it is no longer the registered instance
 * or its close did not succeed.
 */
export function finalizeClientClose(authority: AuthorityState, client: ClientState): boolean {
  if (!authority.isRegistered(client) || client.lifecycle.kind !== 'close-succeeded') return false;
  client.lifecycle = { kind: 'closed' };
  client.requestSubscribers.clear();
  client.completionSubscribers.clear();
  authority.clients.delete(client.consumerId);
  return true;
}
