import { describe, expect, it } from 'vitest';
import {
  APPROVAL_LEVELS,
  ApprovalLevel,
  StartRequestCodec,
  unwrap,
  unwrapErr,
} from '../../src/index.js';

const request = { workingDirectory: '/repo', terminalSize: { rows: 24, columns: 80 } };

describe('ApprovalLevel', () => {
  it('defaults to ask, the most restrictive level under which an agent still works', () => {
    expect(ApprovalLevel.default()).toBe('ask');
    expect(ApprovalLevel.compare('read-only', ApprovalLevel.default())).toBeLessThan(0);
    expect(APPROVAL_LEVELS).toEqual(['read-only', 'ask', 'auto-edit', 'full-auto']);
  });

  it('orders levels from most to least restrictive', () => {
    const shuffled = ['full-auto', 'ask', 'read-only', 'auto-edit'] as const;
    expect([...shuffled].sort(ApprovalLevel.compare)).toEqual([...APPROVAL_LEVELS]);
  });

  it('is recognised only for its four spellings', () => {
    for (const level of APPROVAL_LEVELS) expect(ApprovalLevel.is(level)).toBe(true);
    for (const other of ['Ask', 'auto', '', null, 1]) expect(ApprovalLevel.is(other)).toBe(false);
  });

  it('decodes a missing level as the default and always encodes it', () => {
    const decoded = unwrap(StartRequestCodec.decode(request));
    expect(decoded.approvalLevel).toBe('ask');
    expect(StartRequestCodec.encode(decoded)).toMatchObject({ approvalLevel: 'ask' });
    expect(
      unwrap(StartRequestCodec.decode({ ...request, approvalLevel: 'full-auto' })).approvalLevel,
    ).toBe('full-auto');
  });

  it('rejects an unknown level and names the field', () => {
    const error = unwrapErr(StartRequestCodec.decode({ ...request, approvalLevel: 'yolo' }));
    expect(error.path).toBe('/approvalLevel');
    expect(error.message).toContain('"read-only", "ask", "auto-edit", "full-auto"');
  });
});
