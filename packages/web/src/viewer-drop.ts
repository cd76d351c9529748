/** Why the view dropped a viewer. */
export type ViewerDropReason = 'buffer-full' | 'stalled';

/** A viewer the view dropped because it did not keep up, and what it was told. */
export interface ViewerDrop {
  /** The viewer's number, counting from 1 per view. */
  readonly viewerId: number;
  readonly reason: ViewerDropReason;
  /** The notice sent to the viewer as its last event. */
  readonly message: string;
  /** Bytes written to the viewer's connection and not yet sent when it was dropped. */
  readonly bufferedBytes: number;
}

/** The plain-English notice a dropped viewer reads as its last event. */
export function viewerDropMessage(reason: ViewerDropReason, limit: number): string {
  return reason === 'buffer-full'
    ? `this view fell more than ${limit} bytes behind the host and was disconnected so the host's memory stays bounded; reload the page to reconnect`
    : `this view read nothing for ${limit} ms while updates waited and was disconnected so the host's memory stays bounded; reload the page to reconnect`;
}
