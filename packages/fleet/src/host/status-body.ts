import { type SessionSnapshot, SessionSnapshotCodec } from '@gate4agent/types';
import type { SessionStatusEvent } from '../wire/fleet-event.js';

/** The wire body of a session's status event: its row without the terminal frame. */
export function statusBody(session: SessionSnapshot | null): unknown {
  const event: SessionStatusEvent = {
    session: session === null ? null : { ...session, terminalFrame: null },
  };
  return {
    session: event.session === null ? null : SessionSnapshotCodec.encode(event.session),
  };
}
