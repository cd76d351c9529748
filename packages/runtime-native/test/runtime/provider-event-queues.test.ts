import { ToolProviderId } from '@gate4agent/tool-protocol';
import { describe, expect, it } from 'vitest';
import { providerIdsAfter } from '../../src/runtime/provider-event-queues.js';

const ids = ['gate.c', 'gate.a', 'gate.b'].map((id) => ToolProviderId.new(id));

describe('providerIdsAfter', () => {
  it('lists providers in id order without a cursor', () => {
    expect(providerIdsAfter(ids, null)).toEqual(['gate.a', 'gate.b', 'gate.c']);
  });

  it('starts after the provider that yielded last, wrapping around', () => {
    expect(providerIdsAfter(ids, ToolProviderId.new('gate.a'))).toEqual([
      'gate.b',
      'gate.c',
      'gate.a',
    ]);
    expect(providerIdsAfter(ids, ToolProviderId.new('gate.b'))).toEqual([
      'gate.c',
      'gate.a',
      'gate.b',
    ]);
    expect(providerIdsAfter(ids, ToolProviderId.new('gate.c'))).toEqual([
      'gate.a',
      'gate.b',
      'gate.c',
    ]);
  });

  it('starts at the next id when the cursor provider is gone', () => {
    expect(providerIdsAfter(ids, ToolProviderId.new('gate.ab'))).toEqual([
      'gate.b',
      'gate.c',
      'gate.a',
    ]);
  });
});
