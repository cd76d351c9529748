import { isDeepStrictEqual } from 'node:util';
import { AgentInstanceId, SessionGeneration, unwrap, utf8Encode } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CAPABILITY_PROTOCOL_VERSION,
  CapabilityCompletionBatch,
  CapabilityCompletionEnvelope,
  CapabilityResult,
  CapabilityTerminalOutcome,
  ConsumerBoundCapabilityRequest,
  isRedacted,
  ProviderBindingId,
  ProviderBoundCapabilityRequest,
  ToolOperationId,
} from '../../src/index.js';
import {
  actorId,
  consumerId,
  providerId,
  requestInput,
  requestKey,
  SECRET,
} from '../support/fixtures.js';

/** A completion whose outcome and result are bare literals, as a caller may write them. */
const literalCompletion = () =>
  CapabilityCompletionEnvelope.of({
    protocolVersion: CAPABILITY_PROTOCOL_VERSION,
    sequence: 1,
    acceptedSequence: 1,
    operationId: ToolOperationId.of(9),
    requestKey: requestKey(),
    instanceId: AgentInstanceId.of(11),
    generation: SessionGeneration.of(3),
    providerId: providerId(),
    outcome: {
      kind: 'succeeded',
      result: {
        metadata: { byteLen: 6, mediaType: null, truncated: false, redactedSummary: null },
        delivery: { kind: 'inline', bytes: utf8Encode('secret') },
      },
    },
  });

function roundTrip<T>(
  codec: { encode(value: T): unknown; decode(input: unknown): unknown },
  value: T,
): T {
  return unwrap(codec.decode(JSON.parse(JSON.stringify(codec.encode(value)))) as never) as T;
}

describe('redacted values by schema', () => {
  it('constructors hook every nested value of a redacted type, as decoders do', () => {
    const completion = literalCompletion();
    expect(isRedacted(completion)).toBe(true);
    expect(isRedacted(completion.outcome)).toBe(true);
    if (completion.outcome.kind !== 'succeeded') throw new Error('wrong outcome');
    expect(isRedacted(completion.outcome.result)).toBe(true);
    expect(isRedacted(completion.outcome.result.delivery)).toBe(true);
    expect(isRedacted(completion.outcome.result.metadata)).toBe(false);
    expect(isRedacted(completion.requestKey)).toBe(false);
    const decoded = roundTrip(CapabilityCompletionEnvelope.codec, completion);
    expect(isDeepStrictEqual(decoded, completion)).toBe(true);
  });

  it('round trips stay deep-strict-equal through every container', () => {
    const bound = ConsumerBoundCapabilityRequest.new(consumerId(), actorId(), {
      ...requestInput(),
    });
    const provider = ProviderBoundCapabilityRequest.new(ProviderBindingId.of(4), bound);
    expect(
      isDeepStrictEqual(roundTrip(ProviderBoundCapabilityRequest.codec, provider), provider),
    ).toBe(true);
    const batch = {
      completions: [literalCompletion()],
      droppedSinceLastDrain: 0,
      totalDropped: 0,
      nextSequence: 2,
      sequenceExhausted: false,
    };
    const decoded = roundTrip(CapabilityCompletionBatch.codec, batch);
    expect(isRedacted(decoded)).toBe(false);
    expect(isDeepStrictEqual(decoded, batch)).toBe(true);
  });

  it('never mutate the caller’s values, frozen or not', () => {
    const delivery = Object.freeze({ kind: 'inline' as const, bytes: utf8Encode(SECRET) });
    const metadata = Object.freeze({
      byteLen: SECRET.length,
      mediaType: null,
      truncated: false,
      redactedSummary: null,
    });
    const result = CapabilityResult.of({ metadata, delivery });
    expect(isRedacted(delivery)).toBe(false);
    expect(isRedacted(result.delivery)).toBe(true);
    expect(result.delivery).not.toBe(delivery);
    expect(result.delivery).toEqual(delivery);
    expect(result.metadata).toBe(metadata);
    const input = requestInput();
    const plainInput = { ...input };
    const bound = ConsumerBoundCapabilityRequest.new(consumerId(), actorId(), plainInput);
    expect(isRedacted(plainInput)).toBe(false);
    expect(bound.request).toEqual(plainInput);
  });

  it('keep a nested value that already has the hooks as it is', () => {
    const result = CapabilityResult.of({
      metadata: { byteLen: 0, mediaType: null, truncated: false, redactedSummary: null },
      delivery: { kind: 'opaque-reference', reference: 'blob:1' },
    });
    const outcome = CapabilityTerminalOutcome.of({ kind: 'succeeded', result });
    if (outcome.kind !== 'succeeded') throw new Error('wrong outcome');
    expect(outcome.result).toBe(result);
    const timedOut = CapabilityTerminalOutcome.of({
      kind: 'timed-out',
      cancellation: 'not-required',
    });
    expect(isRedacted(timedOut)).toBe(true);
    expect(Object.keys(timedOut)).toEqual(['kind', 'cancellation']);
  });
});
