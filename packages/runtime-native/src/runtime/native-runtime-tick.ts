import type { PublishReport } from '@gate4agent/handle';
import type { CommandOutcome } from '@gate4agent/kernel';

/** What one `NativeRuntime.tick()` did (upstream `NativeRuntimeTick`). */
export interface NativeRuntimeTick {
  /** Outcomes of the control commands reduced in this tick, in ingress order. */
  readonly commandOutcomes: readonly CommandOutcome[];
  /** Control effects handed to workers (they complete in later ticks). */
  readonly effectsDispatched: number;
  /** Observations applied, terminal frames included. */
  readonly observationsApplied: number;
  /** How many of the applied observations were cached terminal frames. */
  readonly terminalFramesCollected: number;
  /** Revision of the published control snapshot. */
  readonly snapshotRevision: number;
  /** Control-event deliveries only. */
  readonly publishReport: PublishReport;
}
