import { utf8ByteLength } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilityRuntimeError,
  capabilityAdapterError,
  capabilityEffectError,
  MAX_CAPABILITY_ERROR_MESSAGE_BYTES,
  truncateUtf8,
  useGenerationLeaseError,
} from '../../src/index.js';

describe('leaf errors', () => {
  it('default an empty message and cut long ones to 1024 bytes on a code point boundary', () => {
    expect(capabilityAdapterError('').message).toBe(
      'capability adapter preparation failed; check the adapter',
    );
    expect(capabilityEffectError('').message).toBe(
      'capability effect teardown failed; check the effect',
    );
    expect(useGenerationLeaseError('').message).toBe(
      'A3S Use generation lease acquisition failed; check the lease provider',
    );
    const exact = 'x'.repeat(MAX_CAPABILITY_ERROR_MESSAGE_BYTES);
    expect(capabilityAdapterError(exact).message).toBe(exact);
    expect(capabilityAdapterError(`${exact}y`).message).toBe(exact);
    const split = `${'x'.repeat(MAX_CAPABILITY_ERROR_MESSAGE_BYTES - 1)}é`;
    const cut = capabilityEffectError(split).message;
    expect(cut).toBe('x'.repeat(MAX_CAPABILITY_ERROR_MESSAGE_BYTES - 1));
    expect(utf8ByteLength(truncateUtf8('😀😀', 7))).toBe(4);
  });

  it('words the Session runtime errors with what to do', () => {
    expect(
      CapabilityRuntimeError.useLeaseAcquisition('deterministic Use lease failure').message,
    ).toBe(
      'A3S Use generation lease acquisition failed: deterministic Use lease failure; check the lease provider, then retry',
    );
    expect(CapabilityRuntimeError.cancelled().message).toBe(
      'Session capability Run admission was cancelled; retry when ready',
    );
    expect(CapabilityRuntimeError.sessionClosed().message).toBe(
      'The owning Session is closed; open a new session',
    );
    expect(CapabilityRuntimeError.runtimeNameConflict('tool', 'projected').message).toBe(
      "Session runtime tool name 'projected' conflicts with a compatibility value; rename one of them",
    );
  });
});
