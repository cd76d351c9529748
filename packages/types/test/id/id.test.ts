// Port of the inline tests of gate4agent-types src/id.rs.
import { describe, expect, it } from 'vitest';
import { AgentId, unwrap, unwrapErr } from '../../src/index.js';

describe('id.rs', () => {
  it('accepts_stable_slugs', () => {
    expect(unwrap(AgentId.tryOf('qwen-code'))).toBe('qwen-code');
    expect(unwrap(AgentId.tryOf('agent_2'))).toBe('agent_2');
  });

  it('rejects_ambiguous_ids', () => {
    expect(unwrapErr(AgentId.tryOf('')).kind).toBe('empty');
    expect(unwrapErr(AgentId.tryOf('Claude')).kind).toBe('invalid-characters');
    expect(unwrapErr(AgentId.tryOf('-claude')).kind).toBe('invalid-boundary');
  });
});
