/** Bytes the host may hold unsent for one viewer before it drops that viewer (1 MiB). */
export const DEFAULT_VIEWER_BUFFER_BYTES = 1_048_576;

/** How long a viewer may leave written data unread before it is dropped (5 s). */
export const DEFAULT_VIEWER_STALL_MS = 5_000;

/** Viewers (open event streams) one view serves at once. */
export const DEFAULT_MAX_VIEWERS = 16;

/** Timeline entries the view keeps for viewers that connect later (oldest dropped first). */
export const TIMELINE_CAPACITY = 500;

/** Largest control request body the view reads (16 KiB). */
export const MAX_CONTROL_BODY_BYTES = 16_384;

/** How long a dropped viewer's connection may stay open to read its notice before it is cut (30 s). */
export const DROPPED_VIEWER_LINGER_MS = 30_000;

/** Capacity of the view's exit-ack and fault subscriptions (read on every publication). */
export const EVENT_SUBSCRIPTION_CAPACITY = 1_024;
