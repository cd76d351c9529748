/**
 * What publishing tool effects to provider work queues did. For each effect exactly one count
 * is 1; reports can be added together.
 */
export interface ProviderEffectPublishReport {
  /** Work queued for the binding. */
  delivered: number;
  /** The work queue was full: the binding failed closed. */
  queueFull: number;
  /** The binding was not accepting work, broke the contract, or its reader was gone. */
  disconnected: number;
  /** No local binding is registered under the effect's provider and binding id. */
  unbound: number;
}

/** A report with every count at zero. */
export function emptyProviderEffectPublishReport(): ProviderEffectPublishReport {
  return { delivered: 0, queueFull: 0, disconnected: 0, unbound: 0 };
}

/** Adds `other` into `into` and returns `into`. */
export function addProviderEffectPublishReport(
  into: ProviderEffectPublishReport,
  other: ProviderEffectPublishReport,
): ProviderEffectPublishReport {
  into.delivered += other.delivered;
  into.queueFull += other.queueFull;
  into.disconnected += other.disconnected;
  into.unbound += other.unbound;
  return into;
}
