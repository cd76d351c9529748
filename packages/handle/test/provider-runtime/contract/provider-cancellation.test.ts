import {
  CapabilityRequestId,
  ConsumerId,
  ProviderBindingId,
  ToolActorId,
  ToolOperationId,
} from '@gate4agent/tool-protocol';
import { describe, expect, it } from 'vitest';
import { ProviderCancellation } from '../../../src/provider-runtime/contract/provider-cancellation.js';

describe('ProviderCancellation', () => {
  it('exposes the cancelled operation identity and the reason, unchanged by later edits', () => {
    const requestKey = {
      consumerId: ConsumerId.of('consumer-1'),
      actorId: ToolActorId.of('agent.a'),
      localId: CapabilityRequestId.of(7),
    };
    const init = {
      bindingId: ProviderBindingId.of(3),
      operationId: ToolOperationId.of(11),
      requestKey,
      reason: 'grant-revoked' as const,
    };
    const cancellation = new ProviderCancellation(init);
    (init as { reason: string }).reason = 'client-closed';
    expect(cancellation.bindingId()).toBe(3);
    expect(cancellation.operationId()).toBe(11);
    expect(cancellation.requestKey()).toEqual(requestKey);
    expect(cancellation.reason()).toBe('grant-revoked');
  });
});
