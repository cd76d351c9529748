import type { CapabilityRequestKey, CapabilityTerminalOutcome } from '@gate4agent/tool-protocol';
import { describe, expectTypeOf, it } from 'vitest';
import { COUNTER_MAX, type ToolEngine } from '../src/index.js';

describe('public API types', () => {
  it('a client cancel is a boolean answer, and its outcome is a terminal outcome kind', () => {
    expectTypeOf<ToolEngine['cancelRequest']>().parameters.toEqualTypeOf<[CapabilityRequestKey]>();
    expectTypeOf<ToolEngine['cancelRequest']>().returns.toEqualTypeOf<boolean>();
    expectTypeOf<'client-cancelled'>().toMatchTypeOf<CapabilityTerminalOutcome['kind']>();
    expectTypeOf(COUNTER_MAX).toEqualTypeOf<number>();
  });
});
