import {
  createWireCodec,
  Nullable,
  SafeIntegerSchema,
  SessionSnapshotSchema,
  TerminalFrameSchema,
} from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';

/**
 * A session's row as its host published it, without the terminal frame (frames travel apart,
 * rate-limited); `null` once the host removed the session.
 */
export const SessionStatusEventSchema = Type.Object({
  session: Nullable(SessionSnapshotSchema),
});

/** A session's status event. */
export type SessionStatusEvent = StaticDecode<typeof SessionStatusEventSchema>;

/** Compiled codec of {@link SessionStatusEvent}. */
export const SessionStatusEventCodec = createWireCodec(
  'SessionStatusEvent',
  SessionStatusEventSchema,
);

/** One terminal frame of a session. */
export const FrameEventSchema = Type.Object({ frame: TerminalFrameSchema });

/** One terminal frame of a session. */
export type FrameEvent = StaticDecode<typeof FrameEventSchema>;

/** Compiled codec of {@link FrameEvent}. */
export const FrameEventCodec = createWireCodec('FrameEvent', FrameEventSchema);

/** A tool completion; `completion` is checked with `CapabilityCompletionEnvelope.codec`. */
export const CompletionEventSchema = Type.Object({ completion: Type.Unknown() });

/** Compiled codec of a completion event. */
export const CompletionEventCodec = createWireCodec('CompletionEvent', CompletionEventSchema);

/**
 * A request of one of the owner's tool clients that entered `awaiting-approval` on the host;
 * `request` is checked with `CapabilityRequestSnapshot.codec`.
 */
export const ApprovalEventSchema = Type.Object({ request: Type.Unknown() });

/** Compiled codec of an approval event. */
export const ApprovalEventCodec = createWireCodec('ApprovalEvent', ApprovalEventSchema);

/** The part of a physical-exit ack the fleet client reads and checks. */
export const ExitAckEventSchema = Type.Object({
  ack: Type.Object({
    providerId: Type.String(),
    bindingId: SafeIntegerSchema,
    operation: Type.Object({
      operationId: SafeIntegerSchema,
      requestKey: Type.Object({
        consumerId: Type.String(),
        actorId: Type.String(),
        localId: SafeIntegerSchema,
      }),
    }),
    exit: Type.Object({ success: Type.Boolean(), code: Nullable(Type.Number()) }),
    stopSignalAttempted: Type.Boolean(),
    stopSignalled: Type.Boolean(),
    forceStopAttempted: Type.Boolean(),
    forceStopSignalled: Type.Boolean(),
    stopCause: Nullable(
      Type.Union([
        Type.Object({ kind: Type.Literal('cancellation'), reason: Type.String() }),
        Type.Object({ kind: Type.Literal('retirement') }),
        Type.Object({ kind: Type.Literal('supervisor-fault') }),
      ]),
    ),
  }),
});

/** A physical-exit ack as it crosses the wire. */
export type ExitAckEvent = StaticDecode<typeof ExitAckEventSchema>;

/** Compiled codec of {@link ExitAckEvent}. */
export const ExitAckEventCodec = createWireCodec('ExitAckEvent', ExitAckEventSchema);
