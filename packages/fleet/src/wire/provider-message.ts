import {
  CapabilityRequestKeySchema,
  ProviderBindingId,
  ResourceScopeId,
  ToolCapabilityId,
  ToolOperationId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { BytesSchema, createWireCodec, Nullable, SafeIntegerSchema } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { FLEET_PROVIDER_OPERATIONS_MAX } from '../constants.js';

const opId = Type.String({ minLength: 1, maxLength: 64 });

/** The invocation a session host forwards: every field of a `ProviderInvocation`. */
export const ForwardedInvocationSchema = Type.Object({
  bindingId: ProviderBindingId.schema,
  operationId: ToolOperationId.schema,
  requestKey: CapabilityRequestKeySchema,
  capabilityId: ToolCapabilityId.schema,
  resourceScopeId: ResourceScopeId.schema,
  deadlineTick: SafeIntegerSchema,
  payload: BytesSchema,
});

/** Compiled codec of a forwarded invocation (its payload bytes travel as a number array). */
export const ForwardedInvocationCodec = createWireCodec(
  'ForwardedInvocation',
  ForwardedInvocationSchema,
);

/**
 * A request from a session host to a provider host (request/reply on
 * `g4a.prov.<providerHostId>.<sessionHostId>`; the session host's id comes from the subject, which
 * the server authorised). `opId` is the session host's id for the operation: a `start` sent again
 * with the same `opId` answers the first start's state and starts nothing.
 */
export const ProviderRequestSchema = Type.Union([
  Type.Object({
    op: Type.Literal('start'),
    opId,
    providerId: ToolProviderId.schema,
    invocation: ForwardedInvocationSchema,
  }),
  Type.Object({
    op: Type.Union([Type.Literal('cancel'), Type.Literal('stop'), Type.Literal('force-stop')]),
    opId,
  }),
  Type.Object({
    op: Type.Literal('status'),
    opIds: Type.Array(opId, { maxItems: FLEET_PROVIDER_OPERATIONS_MAX }),
  }),
]);

/** A request from a session host to a provider host. */
export type ProviderRequest = StaticDecode<typeof ProviderRequestSchema>;

/** Compiled codec of {@link ProviderRequest}. */
export const ProviderRequestCodec = createWireCodec('ProviderRequest', ProviderRequestSchema);

/**
 * What a provider host knows of one forwarded operation. `known: false` when it has no such
 * operation (never started, or forgotten); `result` is a `CapabilityObservation` (checked with its
 * codec on the session host), `closed` when the result channel closed without one; `exit` once
 * every process of the operation has been reaped there.
 */
export const ProviderStateSchema = Type.Object({
  opId,
  known: Type.Boolean(),
  result: Type.Unknown(),
  closed: Type.Boolean(),
  exit: Nullable(Type.Object({ success: Type.Boolean(), code: Nullable(Type.Number()) })),
});

/** What a provider host knows of one forwarded operation. */
export type ProviderState = StaticDecode<typeof ProviderStateSchema>;

/**
 * Several states: the reply to `status`, what a provider host pushes when states change, and its
 * heartbeat to each session host it holds operations for (`full`: every operation it holds for
 * that session host, so one it does not list it no longer knows).
 */
export const ProviderStatesSchema = Type.Object({
  states: Type.Array(ProviderStateSchema, { maxItems: FLEET_PROVIDER_OPERATIONS_MAX }),
  full: Type.Optional(Type.Boolean()),
});

/** Compiled codec of {@link ProviderStatesSchema}. */
export const ProviderStatesCodec = createWireCodec('ProviderStates', ProviderStatesSchema);

/** Compiled codec of one {@link ProviderState} (the reply to `start`). */
export const ProviderStateCodec = createWireCodec('ProviderState', ProviderStateSchema);
