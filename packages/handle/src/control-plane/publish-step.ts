import type { KernelStep } from '@gate4agent/kernel';
import type { EdgeState } from '../edge/edge-state.js';
import { addProviderEffectPublishReport } from '../provider-runtime/provider-effect-publish-report.js';
import type { ProviderKernelPort } from '../provider-runtime/provider-kernel-port.js';
import { addPublishReport } from '../publish/publish-report.js';
import type { AuthorityState } from '../tool/authority-state.js';
import type { ClientState } from '../tool/client-state.js';
import type { ControlPlanePublishReport } from './control-plane-publish-report.js';
import { emptyControlPlanePublishReport } from './control-plane-publish-report.js';
import {
  finalizeClientClose,
  publishAuthorityOutcome,
  publishCompletions,
  publishRequestOutcome,
} from './publish-client-edges.js';

/** `ControlPlaneKernelPort.publishStep`: the nine steps, in this order, with no await between. */
export function publishStep(
  provider: ProviderKernelPort,
  edge: EdgeState,
  authority: AuthorityState,
  step: KernelStep,
): ControlPlanePublishReport {
  const report = emptyControlPlanePublishReport();
  // 1. Provider receipts and lifecycle answers.
  for (const outcome of step.ingressOutcomes) {
    if (outcome.kind === 'tool-provider') provider.publishOutcome(outcome.outcome);
  }
  // 2. Provider work; a cancel flips its operation's token before it is queued.
  for (const effect of step.toolEffects) {
    addProviderEffectPublishReport(report.providerEffects, provider.publishEffect(effect));
  }
  // 3. Prune settled operations only now, so a same-step cancel still found them.
  provider.finishStep();
  // 4. Align the registry with the canonical binding table.
  provider.reconcileSnapshot(step.backendSnapshot.providerRuntime);
  // 5. The atomic swap: snapshot and availability together.
  edge.publication = {
    snapshot: step.backendSnapshot,
    availableProviderBindings: provider.activeBindings(),
  };
  // 6. Request outcomes to their exact client; authority outcomes to all, with close bookkeeping.
  const closed: ClientState[] = [];
  for (const outcome of step.ingressOutcomes) {
    if (outcome.kind === 'tool-request') {
      addPublishReport(report.requestOutcomes, publishRequestOutcome(authority, outcome.outcome));
    } else if (outcome.kind === 'tool-authority') {
      const [published, client] = publishAuthorityOutcome(authority, outcome.outcome);
      addPublishReport(report.authorityOutcomes, published);
      if (client !== null) closed.push(client);
    }
  }
  // 7. Control events.
  report.controlEvents = edge.controlSubscribers.publishMany(step.events);
  // 8. Completions, then at most one trailing source gap.
  report.completions = publishCompletions(authority, edge, step.toolCompletions);
  // 9. Finalize the clients whose close succeeded in this step.
  for (const client of closed) {
    if (finalizeClientClose(authority, client)) report.closedClients += 1;
  }
  return report;
}
