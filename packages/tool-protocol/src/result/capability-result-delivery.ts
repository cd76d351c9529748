import { BytesSchema } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { redactedObject } from '../redaction/redact.js';
import { toolCodec } from '../schema/tool-codec.js';

/**
 * How a result reaches the caller: inline bytes, or an opaque reference that only the provider
 * named in the completion understands (the core never resolves it). Neither is kept in snapshots
 * or audit events, and both are redacted from logs.
 */
export const CapabilityResultDeliverySchema = Type.Union([
  Type.Object({ kind: Type.Literal('inline'), bytes: BytesSchema }),
  Type.Object({ kind: Type.Literal('opaque-reference'), reference: Type.String() }),
]);

/** How a result reaches the caller (upstream `CapabilityResultDelivery`). */
export type CapabilityResultDelivery = StaticDecode<typeof CapabilityResultDeliverySchema>;

/** Schema, codec and constructors of {@link CapabilityResultDelivery}; built values are redacted. */
export const CapabilityResultDelivery = {
  schema: CapabilityResultDeliverySchema,
  codec: toolCodec('CapabilityResultDelivery', CapabilityResultDeliverySchema, { redacted: true }),
  /** Inline bytes, redacted from `inspect` and `toJSON` (shown as `byteLen`). */
  inline: (bytes: Uint8Array): CapabilityResultDelivery => {
    const delivery = redactedObject<Extract<CapabilityResultDelivery, { kind: 'inline' }>>();
    delivery.kind = 'inline';
    delivery.bytes = bytes;
    return delivery;
  },
  /** An opaque reference, redacted from `inspect` and `toJSON` (shown as `referenceBytes`). */
  opaqueReference: (reference: string): CapabilityResultDelivery => {
    const delivery =
      redactedObject<Extract<CapabilityResultDelivery, { kind: 'opaque-reference' }>>();
    delivery.kind = 'opaque-reference';
    delivery.reference = reference;
    return delivery;
  },
};
