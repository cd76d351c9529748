import { createWireCodec, SafeIntegerSchema } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';

/** What a host writes under its id in the host bucket at every heartbeat. */
export const HostRecordSchema = Type.Object({
  hostId: Type.String(),
  capacity: SafeIntegerSchema,
  sessions: SafeIntegerSchema,
  agents: Type.Array(Type.String()),
  heartbeat: SafeIntegerSchema,
});

/** A host's registration: its capacity, its live sessions and the agents it can launch. */
export type HostRecord = StaticDecode<typeof HostRecordSchema>;

/** Compiled codec of {@link HostRecord}. */
export const HostRecordCodec = createWireCodec('HostRecord', HostRecordSchema);
