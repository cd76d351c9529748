/** What one fan-out did, counted per (item × subscriber). Reports can be added together. */
export interface PublishReport {
  /** Items buffered in a subscriber queue. */
  delivered: number;
  /** Subscribers removed because their queue was full; they drain what they had, then see `disconnected`. */
  disconnectedSlow: number;
  /** Subscribers removed because their reader had closed the subscription. */
  disconnectedClosed: number;
}

/** A report with every count at zero. */
export function emptyPublishReport(): PublishReport {
  return { delivered: 0, disconnectedSlow: 0, disconnectedClosed: 0 };
}

/** Adds `other` into `into` (Rust `AddAssign`) and returns `into`. */
export function addPublishReport(into: PublishReport, other: PublishReport): PublishReport {
  into.delivered += other.delivered;
  into.disconnectedSlow += other.disconnectedSlow;
  into.disconnectedClosed += other.disconnectedClosed;
  return into;
}
