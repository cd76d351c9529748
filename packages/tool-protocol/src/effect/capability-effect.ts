import { BytesSchema } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { ConsumerId, ResourceScopeId, ToolActorId, ToolCapabilityId } from '../id/tool-ids.js';
import { redactedObject } from '../redaction/redact.js';
import { toolCodec } from '../schema/tool-codec.js';
import {
  type InvocationCancelReason,
  InvocationCancelReasonSchema,
} from './invocation-cancel-reason.js';

const InvokeEffectSchema = Type.Object({
  kind: Type.Literal('invoke'),
  consumerId: ConsumerId.schema,
  actorId: ToolActorId.schema,
  capabilityId: ToolCapabilityId.schema,
  resourceScopeId: ResourceScopeId.schema,
  payload: BytesSchema,
});

/** What the engine asks a provider to do: invoke a capability, or cancel; redacted from logs. */
export const CapabilityEffectSchema = Type.Union([
  InvokeEffectSchema,
  Type.Object({ kind: Type.Literal('cancel'), reason: InvocationCancelReasonSchema }),
]);

/** What the engine asks a provider to do (upstream `CapabilityEffect`). */
export type CapabilityEffect = StaticDecode<typeof CapabilityEffectSchema>;

/** Schema, codec and constructors of {@link CapabilityEffect}; built values redact the payload. */
export const CapabilityEffect = {
  schema: CapabilityEffectSchema,
  codec: toolCodec('CapabilityEffect', CapabilityEffectSchema, { redacted: true }),
  /** An invoke effect carrying `payload`, redacted from `inspect` and `toJSON`. */
  invoke: (fields: Omit<StaticDecode<typeof InvokeEffectSchema>, 'kind'>): CapabilityEffect => {
    const effect = redactedObject<Extract<CapabilityEffect, { kind: 'invoke' }>>();
    effect.kind = 'invoke';
    effect.consumerId = fields.consumerId;
    effect.actorId = fields.actorId;
    effect.capabilityId = fields.capabilityId;
    effect.resourceScopeId = fields.resourceScopeId;
    effect.payload = fields.payload;
    return effect;
  },
  /** A cancel effect. */
  cancel: (reason: InvocationCancelReason): CapabilityEffect => {
    const effect = redactedObject<Extract<CapabilityEffect, { kind: 'cancel' }>>();
    effect.kind = 'cancel';
    effect.reason = reason;
    return effect;
  },
};
