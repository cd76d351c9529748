// The transparent u64 ids of the tool plane: branded safe integers. Construction does not reject
// 0; the validators that need a non-zero id say so (`zero-identifier`).
import { type BrandedNumber, numericId } from '@gate4agent/types';

/** A request id chosen by the client, unique per (consumer, actor); 0 is rejected at validation. */
export type CapabilityRequestId = BrandedNumber<'CapabilityRequestId'>;
/** Factory and schema of {@link CapabilityRequestId}. */
export const CapabilityRequestId = numericId<CapabilityRequestId>('CapabilityRequestId');

/** The id the engine gives one dispatched invocation; 0 is rejected in envelopes. */
export type ToolOperationId = BrandedNumber<'ToolOperationId'>;
/** Factory and schema of {@link ToolOperationId}. */
export const ToolOperationId = numericId<ToolOperationId>('ToolOperationId');

/** One attachment of a provider runtime, allocated increasing; 0 is rejected wherever checked. */
export type ProviderBindingId = BrandedNumber<'ProviderBindingId'>;
/** Factory and schema of {@link ProviderBindingId}. */
export const ProviderBindingId = numericId<ProviderBindingId>('ProviderBindingId');
