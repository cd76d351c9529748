import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CAPABILITY_PROTOCOL_VERSION,
  CapabilityObservation,
  ProviderBindingId,
  ProviderRuntimeCommand,
  ProviderRuntimeEnvelope,
  ToolOperationId,
  ToolProviderId,
} from '../../src/index.js';
import { observationEnvelope, providerId, snapshotOf } from '../support/fixtures.js';

const envelope = (command: ProviderRuntimeCommand, sequence = 4): ProviderRuntimeEnvelope => ({
  protocolVersion: CAPABILITY_PROTOCOL_VERSION,
  sequence,
  command,
});

const observe = (
  overrides: Partial<ReturnType<typeof observationEnvelope>> = {},
  binding = 4,
): ProviderRuntimeCommand => ({
  kind: 'observe',
  bindingId: ProviderBindingId.of(binding),
  observation: { ...observationEnvelope(), ...overrides },
});

describe('ProviderRuntimeEnvelope.validate', () => {
  it('checks version, sequence, binding, then the observation', () => {
    const allWrong = {
      ...envelope(observe({ operationId: ToolOperationId.of(0) }, 0), 0),
      protocolVersion: 1,
    };
    expect(unwrapErr(ProviderRuntimeEnvelope.validate(allWrong)).kind).toBe(
      'unsupported-protocol-version',
    );
    const version = { ...allWrong, protocolVersion: 2 };
    expect(unwrapErr(ProviderRuntimeEnvelope.validate(version))).toMatchObject({
      field: 'provider runtime sequence',
    });
    const sequence = { ...version, sequence: 1 };
    expect(unwrapErr(ProviderRuntimeEnvelope.validate(sequence))).toMatchObject({
      field: 'provider binding id',
    });
    const binding = envelope(observe({ operationId: ToolOperationId.of(0) }));
    expect(unwrapErr(ProviderRuntimeEnvelope.validate(binding))).toMatchObject({
      field: 'tool operation id',
    });
  });

  it('reports the inner observation version', () => {
    expect(
      unwrapErr(ProviderRuntimeEnvelope.validate(envelope(observe({ protocolVersion: 1 })))),
    ).toMatchObject({
      kind: 'unsupported-protocol-version',
      expected: 2,
      actual: 1,
    });
  });

  it('validates the observation itself', () => {
    const failure = CapabilityObservation.failed({
      kind: 'execution',
      redactedMessage: 'x'.repeat(4_097),
    });
    expect(
      unwrapErr(ProviderRuntimeEnvelope.validate(envelope(observe({ observation: failure })))).kind,
    ).toBe('too-large');
  });
});

describe('ProviderRuntimeEnvelope.validateObservationProvider', () => {
  it('compares only an observation provider, after validate', () => {
    const other = ToolProviderId.of('gate.browser.other');
    unwrap(ProviderRuntimeEnvelope.validateObservationProvider(envelope(observe()), providerId()));
    expect(
      unwrapErr(ProviderRuntimeEnvelope.validateObservationProvider(envelope(observe()), other)),
    ).toEqual({
      kind: 'provider-mismatch',
      field: 'provider runtime observation provider id',
      expected: 'gate.browser.other',
      actual: 'gate.browser',
      message:
        'provider runtime observation provider id is gate.browser, but this context belongs to provider gate.browser.other; use gate.browser.other',
    });
    for (const kind of ['attach', 'detach'] as const) {
      const lifecycle = envelope({
        kind,
        bindingId: ProviderBindingId.of(4),
        providerId: providerId(),
      });
      unwrap(ProviderRuntimeEnvelope.validateObservationProvider(lifecycle, other));
    }
    const zeroSequence = envelope(observe(), 0);
    const before = snapshotOf(zeroSequence);
    expect(
      unwrapErr(ProviderRuntimeEnvelope.validateObservationProvider(zeroSequence, other)).kind,
    ).toBe('zero-identifier');
    expect(zeroSequence).toEqual(before);
  });
});

describe('ProviderRuntimeCommand.bindingId', () => {
  it('reads the binding of every variant', () => {
    expect(
      ProviderRuntimeCommand.bindingId({
        kind: 'attach',
        bindingId: ProviderBindingId.of(1),
        providerId: providerId(),
      }),
    ).toBe(1);
    expect(
      ProviderRuntimeCommand.bindingId({
        kind: 'detach',
        bindingId: ProviderBindingId.of(2),
        providerId: providerId(),
      }),
    ).toBe(2);
    expect(ProviderRuntimeCommand.bindingId(observe({}, 3))).toBe(3);
  });
});
