import type {
  CapabilityRequestKey,
  ProviderBindingId,
  ToolOperationId,
} from '@gate4agent/tool-protocol';

/** The exact identity of one provider operation: binding, operation id and request key. */
export interface ProviderOperationKey {
  readonly bindingId: ProviderBindingId;
  readonly operationId: ToolOperationId;
  readonly requestKey: CapabilityRequestKey;
}
