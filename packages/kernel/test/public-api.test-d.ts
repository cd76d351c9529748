import type { CapabilityRequestKey } from '@gate4agent/tool-protocol';
import { describe, expectTypeOf, it } from 'vitest';
import type { BackendIngress, BackendIngressOutcome, ToolCancelOutcome } from '../src/index.js';

describe('public API types', () => {
  it('the ingress carries client cancels and answers each with a ToolCancelOutcome', () => {
    expectTypeOf<Extract<BackendIngress, { kind: 'tool-cancel' }>>().toEqualTypeOf<{
      readonly kind: 'tool-cancel';
      readonly requestKey: CapabilityRequestKey;
    }>();
    expectTypeOf<
      Extract<BackendIngressOutcome, { kind: 'tool-cancel' }>['outcome']
    >().toEqualTypeOf<ToolCancelOutcome>();
  });
});
