import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilityObservation,
  CapabilityObservationEnvelope,
  CapabilityResult,
  CapabilityResultDelivery,
  ToolOperationId,
} from '../../src/index.js';
import { observationEnvelope, snapshotOf, successResult } from '../support/fixtures.js';

const mismatched = CapabilityResult.of({
  metadata: { byteLen: 3, mediaType: null, truncated: false, redactedSummary: null },
  delivery: CapabilityResultDelivery.inline(new Uint8Array(2)),
});

describe('CapabilityObservation.validate', () => {
  it('delegates to the result or the failure', () => {
    unwrap(CapabilityObservation.validate(CapabilityObservation.succeeded(successResult())));
    expect(
      unwrapErr(CapabilityObservation.validate(CapabilityObservation.succeeded(mismatched))).kind,
    ).toBe('result-length-mismatch');
    unwrap(
      CapabilityObservation.validate(
        CapabilityObservation.failed({ kind: 'execution', redactedMessage: null }),
      ),
    );
    expect(
      unwrapErr(
        CapabilityObservation.validate(
          CapabilityObservation.failed({ kind: 'execution', redactedMessage: '\n' }),
        ),
      ).kind,
    ).toBe('control-character');
  });
});

describe('CapabilityObservationEnvelope.validate', () => {
  it('checks version, operation id, then the observation', () => {
    unwrap(CapabilityObservationEnvelope.validate(observationEnvelope()));
    const allWrong = {
      ...observationEnvelope(CapabilityObservation.succeeded(mismatched)),
      protocolVersion: 1,
      operationId: ToolOperationId.of(0),
    };
    expect(unwrapErr(CapabilityObservationEnvelope.validate(allWrong))).toMatchObject({
      kind: 'unsupported-protocol-version',
      expected: 2,
      actual: 1,
    });
    expect(
      unwrapErr(CapabilityObservationEnvelope.validate({ ...allWrong, protocolVersion: 2 })),
    ).toMatchObject({
      kind: 'zero-identifier',
      field: 'tool operation id',
    });
    const observationOnly = { ...allWrong, protocolVersion: 2, operationId: ToolOperationId.of(1) };
    const before = snapshotOf(observationOnly);
    expect(unwrapErr(CapabilityObservationEnvelope.validate(observationOnly)).kind).toBe(
      'result-length-mismatch',
    );
    expect(observationOnly).toEqual(before);
  });
});
