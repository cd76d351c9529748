import { format, inspect, isDeepStrictEqual } from 'node:util';
import { AgentInstanceId, SessionGeneration, unwrap, utf8Encode } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CAPABILITY_PROTOCOL_VERSION,
  CapabilityCompletionBatch,
  CapabilityCompletionEnvelope,
  CapabilityEffect,
  CapabilityEffectEnvelope,
  CapabilityObservation,
  CapabilityObservationEnvelope,
  CapabilityRequestInput,
  CapabilityResult,
  CapabilityResultDelivery,
  CapabilityTerminalOutcome,
  ConsumerBoundCapabilityRequest,
  isRedacted,
  ProviderBindingId,
  ProviderBoundCapabilityRequest,
  redact,
  ToolOperationId,
  withRedaction,
} from '../../src/index.js';
import {
  boundRequest,
  effectEnvelope,
  observationEnvelope,
  providerId,
  requestInput,
  requestKey,
  SECRET,
} from '../support/fixtures.js';

const secretResult = () =>
  CapabilityResult.of({
    metadata: {
      byteLen: SECRET.length,
      mediaType: 'text/plain',
      truncated: false,
      redactedSummary: null,
    },
    delivery: CapabilityResultDelivery.inline(utf8Encode(SECRET)),
  });

const completion = () =>
  CapabilityCompletionEnvelope.of({
    protocolVersion: CAPABILITY_PROTOCOL_VERSION,
    sequence: 1,
    acceptedSequence: 1,
    operationId: ToolOperationId.of(9),
    requestKey: requestKey(),
    instanceId: AgentInstanceId.of(11),
    generation: SessionGeneration.of(3),
    providerId: providerId(),
    outcome: CapabilityTerminalOutcome.of({ kind: 'succeeded', result: secretResult() }),
  });

/** One value of each §2.16 type, built the way callers build them, with its codec. */
const redactedValues: [string, unknown, { encode(value: never): unknown }][] = [
  ['CapabilityRequestInput', requestInput(), CapabilityRequestInput.codec],
  ['ConsumerBoundCapabilityRequest', boundRequest(), ConsumerBoundCapabilityRequest.codec],
  [
    'ProviderBoundCapabilityRequest',
    ProviderBoundCapabilityRequest.new(ProviderBindingId.of(4), boundRequest()),
    ProviderBoundCapabilityRequest.codec,
  ],
  ['CapabilityEffect', effectEnvelope().effect, CapabilityEffect.codec],
  [
    'CapabilityEffectEnvelope',
    CapabilityEffectEnvelope.of(effectEnvelope()),
    CapabilityEffectEnvelope.codec,
  ],
  [
    'CapabilityResultDelivery',
    CapabilityResultDelivery.inline(utf8Encode(SECRET)),
    CapabilityResultDelivery.codec,
  ],
  ['CapabilityResult', secretResult(), CapabilityResult.codec],
  [
    'CapabilityTerminalOutcome',
    CapabilityTerminalOutcome.of({ kind: 'succeeded', result: secretResult() }),
    CapabilityTerminalOutcome.codec,
  ],
  ['CapabilityCompletionEnvelope', completion(), CapabilityCompletionEnvelope.codec],
  [
    'CapabilityObservation',
    CapabilityObservation.succeeded(secretResult()),
    CapabilityObservation.codec,
  ],
  [
    'CapabilityObservationEnvelope',
    CapabilityObservationEnvelope.of(
      observationEnvelope(CapabilityObservation.succeeded(secretResult())),
    ),
    CapabilityObservationEnvelope.codec,
  ],
];

// "secret payload" as bytes, however inspect pads or JSON packs them.
const SECRET_BYTES = /115,\s*101,\s*99,\s*114,\s*101,\s*116/;

function expectNoSecret(rendered: string): void {
  expect(rendered).not.toContain(SECRET);
  expect(rendered).not.toMatch(SECRET_BYTES);
}

describe.each(redactedValues)('%s', (_name, value, codec) => {
  it('keeps payload bytes out of inspect, console formatting and toJSON', () => {
    expectNoSecret(inspect(value, { depth: null }));
    expectNoSecret(inspect(value, { depth: null, showHidden: true }));
    expectNoSecret(format('%o %O %j %s', value, value, value, value));
    expectNoSecret(JSON.stringify(value));
    expect(`${inspect(value, { depth: null })}${JSON.stringify(value)}`).toMatch(
      /payloadBytes|byteLen/,
    );
  });

  it('still carries the bytes on the wire', () => {
    const wire = JSON.stringify(codec.encode(value as never));
    expect(wire).toMatch(SECRET_BYTES);
    expect(isRedacted(JSON.parse(wire))).toBe(false);
  });
});

describe('redaction hooks', () => {
  it('are attached to decoded values at the root and on every secret holder', () => {
    const wire = JSON.parse(
      JSON.stringify(CapabilityCompletionEnvelope.codec.encode(completion())),
    );
    const decoded = unwrap(CapabilityCompletionEnvelope.codec.decode(wire));
    expect(isRedacted(decoded)).toBe(true);
    if (decoded.outcome.kind !== 'succeeded') throw new Error('decoded the wrong outcome');
    expect(isRedacted(decoded.outcome.result.delivery)).toBe(true);
    expect(isRedacted(wire)).toBe(false);
    const batch = unwrap(
      CapabilityCompletionBatch.codec.decode({
        completions: [wire],
        droppedSinceLastDrain: 0,
        totalDropped: 0,
        nextSequence: 2,
        sequenceExhausted: false,
      }),
    );
    expectNoSecret(inspect(batch, { depth: null }));
    expectNoSecret(JSON.stringify(batch));
    expectNoSecret(inspect(decoded, { depth: null }));
    expectNoSecret(JSON.stringify(decoded));
  });

  it('do not take part in equality', () => {
    const plain = { kind: 'inline' as const, bytes: utf8Encode(SECRET) };
    const hooked = CapabilityResultDelivery.inline(utf8Encode(SECRET));
    expect(hooked).toEqual(plain);
    expect(hooked).toStrictEqual(plain);
    expect(Object.keys(hooked)).toEqual(['kind', 'bytes']);
    expect(Object.getOwnPropertySymbols(hooked)).toEqual([]);
    expect(Object.getOwnPropertyNames(hooked)).toEqual(['kind', 'bytes']);
    expect(isDeepStrictEqual(hooked, CapabilityResultDelivery.inline(utf8Encode(SECRET)))).toBe(
      true,
    );
    expect(isDeepStrictEqual(hooked, CapabilityResultDelivery.inline(utf8Encode('other')))).toBe(
      false,
    );
  });

  it('are inherited from one shared prototype, not own properties', () => {
    const first = CapabilityEffect.cancel('client-closed');
    const second = CapabilityResultDelivery.inline(utf8Encode(SECRET));
    expect(Object.getPrototypeOf(first)).toBe(Object.getPrototypeOf(second));
    expect(first.constructor).toBe(Object);
    expect(Object.hasOwn(first, 'toJSON')).toBe(false);
    expect(isRedacted({ ...second })).toBe(false);
    expect(isRedacted(Object.create(null))).toBe(false);
  });

  it('protect plain containers that hold a hooked value', () => {
    const plainEnvelope = { wrapper: { effect: effectEnvelope().effect } };
    expectNoSecret(inspect(plainEnvelope, { depth: null }));
    expectNoSecret(JSON.stringify(plainEnvelope));
  });

  it('render an opaque reference as its UTF-8 byte count', () => {
    const delivery = CapabilityResultDelivery.opaqueReference('blob:é-secret-ref');
    expect(inspect(delivery)).not.toContain('secret-ref');
    expect(JSON.parse(JSON.stringify(delivery))).toEqual({
      kind: 'opaque-reference',
      referenceBytes: 18,
    });
  });

  it('leave the value itself untouched', () => {
    const input = requestInput();
    const fields = { ...input };
    const hooked = withRedaction(fields);
    expect(hooked).toBe(fields);
    expect(hooked.payload).toBe(input.payload);
    expect(inspect(input.payload)).toMatch(SECRET_BYTES);
  });
});

describe('redact', () => {
  it('replaces payloads, inline bytes and references with their sizes', () => {
    expect(redact({ kind: 'invoke', payload: utf8Encode('abc'), reason: null })).toEqual({
      kind: 'invoke',
      payloadBytes: 3,
      reason: null,
    });
    expect(redact({ kind: 'inline', bytes: new Uint8Array(5) })).toEqual({
      kind: 'inline',
      byteLen: 5,
    });
    expect(redact({ kind: 'opaque-reference', reference: 'ééé' })).toEqual({
      kind: 'opaque-reference',
      referenceBytes: 6,
    });
  });

  it('also redacts the wire form, where bytes are number arrays', () => {
    expect(redact({ payload: [1, 2, 3] })).toEqual({ payloadBytes: 3 });
    expect(redact({ kind: 'inline', bytes: [1, 2] })).toEqual({ kind: 'inline', byteLen: 2 });
  });

  it('sizes any other byte field, and bytes at the top level', () => {
    expect(redact({ data: new Uint8Array(4), list: [new Uint8Array(2)] })).toEqual({
      dataBytes: 4,
      list: [{ byteLen: 2 }],
    });
    expect(redact(new Uint8Array(7))).toEqual({ byteLen: 7 });
  });

  it('copies everything else as it is', () => {
    const value = { a: 1, b: 'text', c: [true, null], d: { e: 'reference' } };
    expect(redact(value)).toEqual(value);
    expect(redact(value)).not.toBe(value);
    expect(redact('plain')).toBe('plain');
  });
});
