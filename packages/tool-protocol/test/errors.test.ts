import { Gate4AgentError } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  InvalidToolContractError,
  ToolCapabilityId,
  ToolProviderId,
  ToolValidationError,
} from '../src/index.js';

describe('ToolValidationError', () => {
  it('renders every variant in plain English, with its values and what to do', () => {
    const cases: [ToolValidationError, string][] = [
      [
        ToolValidationError.unsupportedProtocolVersion(2, 3),
        'tool protocol version 3 is not supported; send version 2',
      ],
      [
        ToolValidationError.required('tool actor id'),
        'tool actor id is required; pass a non-blank value',
      ],
      [
        ToolValidationError.invalidIdentifier('tool actor id'),
        'tool actor id contains a character other than A-Z a-z 0-9 - _ . : /; use only those',
      ],
      [
        ToolValidationError.controlCharacter('tool approval summary'),
        'tool approval summary contains a control character (such as a newline or tab); remove it',
      ],
      [
        ToolValidationError.capabilityOutsideAdmission(ToolCapabilityId.of('Browser.FS')),
        'capability Browser.FS is outside its class prefix or names a shell, file-system or MCP namespace; choose an id under the class prefix that names none of them',
      ],
      [
        ToolValidationError.invalidInputSchema(
          ToolCapabilityId.of('browser.click'),
          'is an array, not a JSON object',
        ),
        'input schema of capability browser.click is an array, not a JSON object; pass a plain JSON Schema object (top-level type "object", or no type), or leave inputSchema out to accept any JSON object',
      ],
      [
        ToolValidationError.duplicateIdentifier('tool capability id'),
        'tool capability id lists the same identifier twice; remove the duplicate',
      ],
      [
        ToolValidationError.zeroIdentifier('tool request id'),
        'tool request id is 0; use a value of 1 or more',
      ],
      [
        ToolValidationError.tooLarge('tool actor id', 256, 257),
        'tool actor id is 257 bytes, over the 256-byte limit; shorten it',
      ],
      [
        ToolValidationError.tooMany('provider runtime bindings', 64, 65),
        'provider runtime bindings has 65 entries, over the limit of 64; remove some',
      ],
      [
        ToolValidationError.resultTooLarge(16_777_216, 16_777_217),
        'tool result declares 16777217 bytes, over the 16777216-byte limit; return a smaller result',
      ],
      [
        ToolValidationError.resultLengthMismatch(3, 2),
        'inline tool result declares 3 bytes but holds 2; set byteLen to the actual byte count',
      ],
      [
        ToolValidationError.providerMismatch(
          'provider runtime observation provider id',
          ToolProviderId.of('a'),
          ToolProviderId.of('b'),
        ),
        'provider runtime observation provider id is b, but this context belongs to provider a; use a',
      ],
      [
        ToolValidationError.deadlineElapsed(10_000, 10_000),
        'request deadline tick 10000 is not after the current tick 10000; pass a later deadline',
      ],
    ];
    expect(new Set(cases.map(([error]) => error.kind)).size).toBe(14);
    for (const [error, message] of cases) {
      expect(error.message).toBe(message);
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
      ToolValidationError.capabilityOutsideAdmission(ToolCapabilityId.of('browser.fs')),
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
    expect(thrown.message).toBe('tool actor id is required; pass a non-blank value');
    expect(thrown.error).toBe(error);
    expect(thrown.cause).toBe(error);
  });
});
