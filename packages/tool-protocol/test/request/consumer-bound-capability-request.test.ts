import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CAPABILITY_PROTOCOL_VERSION,
  CapabilityRequest,
  CapabilityRequestId,
  ConsumerBoundCapabilityRequest,
} from '../../src/index.js';
import {
  actorId,
  boundRequest,
  consumerId,
  requestInput,
  snapshotOf,
} from '../support/fixtures.js';

describe('ConsumerBoundCapabilityRequest', () => {
  it('binds at the current protocol version', () => {
    const bound = ConsumerBoundCapabilityRequest.new(consumerId(), actorId(), requestInput());
    expect(bound.protocolVersion).toBe(CAPABILITY_PROTOCOL_VERSION);
    expect(CapabilityRequest).toBe(ConsumerBoundCapabilityRequest);
  });

  it('keys the request by consumer, actor and local id', () => {
    expect(
      ConsumerBoundCapabilityRequest.key(boundRequest({ localId: CapabilityRequestId.of(99) })),
    ).toEqual({
      consumerId: 'station.test',
      actorId: 'agent.primary',
      localId: 99,
    });
  });

  it('checks the protocol version before the request', () => {
    for (const protocolVersion of [1, 3]) {
      const bound = { ...boundRequest({ localId: CapabilityRequestId.of(0) }), protocolVersion };
      expect(unwrapErr(ConsumerBoundCapabilityRequest.validate(bound, 1))).toMatchObject({
        kind: 'unsupported-protocol-version',
        expected: 2,
        actual: protocolVersion,
      });
    }
    expect(
      unwrapErr(
        ConsumerBoundCapabilityRequest.validate(
          boundRequest({ localId: CapabilityRequestId.of(0) }),
          1,
        ),
      ).kind,
    ).toBe('zero-identifier');
    unwrap(ConsumerBoundCapabilityRequest.validate(boundRequest(), 19));
    expect(unwrapErr(ConsumerBoundCapabilityRequest.validate(boundRequest(), 20)).kind).toBe(
      'deadline-elapsed',
    );
  });

  it('changes nothing it rejects', () => {
    const bound = { ...boundRequest(), protocolVersion: 9 };
    const before = snapshotOf(bound);
    expect(ConsumerBoundCapabilityRequest.validate(bound, 1).ok).toBe(false);
    expect(bound).toEqual(before);
  });
});
