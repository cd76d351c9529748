import { isDeepStrictEqual } from 'node:util';
import type { ProviderInvocation, ProviderOperationKey } from '@gate4agent/handle';
import type { CapabilityRequestKey } from '@gate4agent/tool-protocol';

/** The exact identity of the operation an invocation starts. */
export function operationKey(invocation: ProviderInvocation): ProviderOperationKey {
  return {
    bindingId: invocation.bindingId(),
    operationId: invocation.operationId(),
    requestKey: invocation.requestKey(),
  };
}

/** Whether two request keys are equal. */
export function sameRequestKey(a: CapabilityRequestKey, b: CapabilityRequestKey): boolean {
  return isDeepStrictEqual(a, b);
}

/** Whether two operation keys are equal in binding, operation id and request key. */
export function sameOperationKey(a: ProviderOperationKey, b: ProviderOperationKey): boolean {
  return (
    a.bindingId === b.bindingId &&
    a.operationId === b.operationId &&
    sameRequestKey(a.requestKey, b.requestKey)
  );
}
