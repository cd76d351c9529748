import type { ProviderEffectPublishReport } from '../provider-runtime/provider-effect-publish-report.js';
import { emptyProviderEffectPublishReport } from '../provider-runtime/provider-effect-publish-report.js';
import type { PublishReport } from '../publish/publish-report.js';
import { emptyPublishReport } from '../publish/publish-report.js';

/** What one `publishStep` delivered, edge by edge. */
export interface ControlPlanePublishReport {
  controlEvents: PublishReport;
  requestOutcomes: PublishReport;
  authorityOutcomes: PublishReport;
  /** Completions and source gaps. */
  completions: PublishReport;
  providerEffects: ProviderEffectPublishReport;
  /** Clients whose close succeeded in this step and were finalized. */
  closedClients: number;
}

/** A report with every count at zero. */
export function emptyControlPlanePublishReport(): ControlPlanePublishReport {
  return {
    controlEvents: emptyPublishReport(),
    requestOutcomes: emptyPublishReport(),
    authorityOutcomes: emptyPublishReport(),
    completions: emptyPublishReport(),
    providerEffects: emptyProviderEffectPublishReport(),
    closedClients: 0,
  };
}
