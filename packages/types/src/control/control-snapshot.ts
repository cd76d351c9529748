import Type, { type StaticDecode } from 'typebox';
import { CONTROL_INSTANCE_IDENTITIES_CAPACITY, CONTROL_PROTOCOL_VERSION } from '../constants.js';
import { createWireCodec, SafeIntegerSchema, U16Schema, U32Schema } from '../shared/schema.js';
import { SessionSnapshotSchema } from './session-snapshot.js';

/** TypeBox schema of {@link ControlHealth}. */
export const ControlHealthSchema = Type.Object({
  operationIdExhausted: Type.Boolean(),
  eventSequenceExhausted: Type.Boolean(),
  revisionExhausted: Type.Boolean(),
  providerSequenceExhaustedSessions: U32Schema,
  retainedInstanceIdentities: U32Schema,
  retainedInstanceIdentityCapacity: U32Schema,
});

/** Exhaustion flags and identity-retention counters of the control engine. */
export type ControlHealth = StaticDecode<typeof ControlHealthSchema>;

/** Healthy: nothing exhausted, nothing retained, capacity `CONTROL_INSTANCE_IDENTITIES_CAPACITY`. */
export function defaultControlHealth(): ControlHealth {
  return {
    operationIdExhausted: false,
    eventSequenceExhausted: false,
    revisionExhausted: false,
    providerSequenceExhaustedSessions: 0,
    retainedInstanceIdentities: 0,
    retainedInstanceIdentityCapacity: CONTROL_INSTANCE_IDENTITIES_CAPACITY,
  };
}

/** TypeBox schema of {@link ControlSnapshot}. */
export const ControlSnapshotSchema = Type.Object({
  protocolVersion: U16Schema,
  revision: SafeIntegerSchema,
  health: ControlHealthSchema,
  sessions: Type.Array(SessionSnapshotSchema),
});

/** The whole control plane at one revision; sessions in ascending instance id. */
export type ControlSnapshot = StaticDecode<typeof ControlSnapshotSchema>;

/** The initial snapshot: version `CONTROL_PROTOCOL_VERSION`, revision 0, default health, no sessions. */
export function defaultControlSnapshot(): ControlSnapshot {
  return {
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    revision: 0,
    health: defaultControlHealth(),
    sessions: [],
  };
}

/** Compiled decoder of {@link ControlSnapshot}. */
export const ControlSnapshotCodec = createWireCodec('ControlSnapshot', ControlSnapshotSchema);
