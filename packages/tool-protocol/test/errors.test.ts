import { Gate4AgentError } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  InvalidToolContractError,
  ToolCapabilityId,
  ToolProviderId,
  ToolValidationError,
} from '../src/index.js';

describe('ToolValidationError', () => {
  it('renders every variant as upstream Display does', () => {
    const cases: [ToolValidationError, string][] = [
      [
        ToolValidationError.unsupportedProtocolVersion(2, 3),
        'UnsupportedProtocolVersion { expected: 2, actual: 3 }',
      ],
      [ToolValidationError.required('tool actor id'), 'Required { field: "tool actor id" }'],
      [
        ToolValidationError.invalidIdentifier('tool actor id'),
        'InvalidIdentifier { field: "tool actor id" }',
      ],
      [
        ToolValidationError.controlCharacter('tool approval summary'),
        'ControlCharacter { field: "tool approval summary" }',
      ],
      [
        ToolValidationError.capabilityOutsideAdmission(ToolCapabilityId.new('Browser.FS')),
        'CapabilityOutsideAdmission { capability_id: ToolCapabilityId("Browser.FS") }',
      ],
      [
        ToolValidationError.duplicateIdentifier('tool capability id'),
        'DuplicateIdentifier { field: "tool capability id" }',
      ],
      [
        ToolValidationError.zeroIdentifier('tool request id'),
        'ZeroIdentifier { field: "tool request id" }',
      ],
      [
        ToolValidationError.tooLarge('tool actor id', 256, 257),
        'TooLarge { field: "tool actor id", max: 256, actual: 257 }',
      ],
      [
        ToolValidationError.tooMany('provider runtime bindings', 64, 65),
        'TooMany { field: "provider runtime bindings", max: 64, actual: 65 }',
      ],
      [
        ToolValidationError.resultTooLarge(16_777_216, 16_777_217),
        'ResultTooLarge { max: 16777216, actual: 16777217 }',
      ],
      [
        ToolValidationError.resultLengthMismatch(3, 2),
        'ResultLengthMismatch { declared: 3, actual: 2 }',
      ],
      [
        ToolValidationError.providerMismatch(
          'provider runtime observation provider id',
          ToolProviderId.new('a'),
          ToolProviderId.new('b'),
        ),
        'ProviderMismatch { field: "provider runtime observation provider id", expected: ToolProviderId("a"), actual: ToolProviderId("b") }',
      ],
      [
        ToolValidationError.deadlineElapsed(10_000, 10_000),
        'DeadlineElapsed { current_tick: 10000, deadline_tick: 10000 }',
      ],
    ];
    expect(new Set(cases.map(([error]) => error.kind)).size).toBe(13);
    for (const [error, debug] of cases) {
      expect(error.message).toBe(`invalid tool contract: ${debug}`);
    }
  });

  it('keeps structured fields in camelCase', () => {
    expect(ToolValidationError.tooLarge('tool request payload', 65_536, 65_537)).toMatchObject({
      kind: 'too-large',
      field: 'tool request payload',
      max: 65_536,
      actual: 65_537,
    });
    expect(ToolValidationError.deadlineElapsed(5, 4)).toMatchObject({
      currentTick: 5,
      deadlineTick: 4,
    });
    expect(
      ToolValidationError.capabilityOutsideAdmission(ToolCapabilityId.new('browser.fs')),
    ).toMatchObject({
      capabilityId: 'browser.fs',
    });
  });

  it('has an Error form carrying the value', () => {
    const error = ToolValidationError.required('tool actor id');
    const thrown = new InvalidToolContractError(error);
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).toBeInstanceOf(Gate4AgentError);
    expect(thrown.name).toBe('InvalidToolContractError');
    expect(thrown.kind).toBe('required');
    expect(thrown.message).toBe('invalid tool contract: Required { field: "tool actor id" }');
    expect(thrown.error).toBe(error);
    expect(thrown.cause).toBe(error);
  });
});
