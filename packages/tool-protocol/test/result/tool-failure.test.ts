import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { TOOL_FAILURE_MESSAGE_MAX_BYTES, ToolFailure } from '../../src/index.js';

describe('ToolFailure', () => {
  it('validates only the optional redacted message', () => {
    unwrap(ToolFailure.validate({ kind: 'execution', redactedMessage: null }));
    unwrap(ToolFailure.validate({ kind: 'rejected', redactedMessage: '' }));
    unwrap(
      ToolFailure.validate({
        kind: 'cancelled',
        redactedMessage: 'm'.repeat(TOOL_FAILURE_MESSAGE_MAX_BYTES),
      }),
    );
    expect(
      unwrapErr(
        ToolFailure.validate({
          kind: 'execution',
          redactedMessage: 'm'.repeat(TOOL_FAILURE_MESSAGE_MAX_BYTES + 1),
        }),
      ),
    ).toMatchObject({
      kind: 'too-large',
      field: 'tool failure redacted message',
      max: 4_096,
      actual: 4_097,
    });
    expect(
      unwrapErr(ToolFailure.validate({ kind: 'execution', redactedMessage: 'é'.repeat(2_049) })),
    ).toMatchObject({
      actual: 4_098,
    });
    expect(
      unwrapErr(ToolFailure.validate({ kind: 'execution', redactedMessage: 'exit\n1' })),
    ).toMatchObject({
      kind: 'control-character',
      field: 'tool failure redacted message',
    });
  });

  it('changes nothing it rejects', () => {
    const failure: ToolFailure = { kind: 'execution', redactedMessage: 'tab\there' };
    const before = structuredClone(failure);
    expect(ToolFailure.validate(failure).ok).toBe(false);
    expect(failure).toEqual(before);
  });

  it('builds the provider-contract-violation failure', () => {
    expect(ToolFailure.providerContractViolation()).toEqual({
      kind: 'provider-contract-violation',
      redactedMessage: null,
    });
    unwrap(ToolFailure.validate(ToolFailure.providerContractViolation()));
  });
});
