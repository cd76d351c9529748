import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilityRequestId,
  ProviderBindingId,
  ProviderBoundCapabilityRequest,
} from '../../src/index.js';
import { boundRequest, requestKey } from '../support/fixtures.js';

describe('ProviderBoundCapabilityRequest', () => {
  it('accepts no binding or a non-zero binding, and rejects binding 0', () => {
    unwrap(
      ProviderBoundCapabilityRequest.validateProviderBinding(
        ProviderBoundCapabilityRequest.new(null, boundRequest()),
      ),
    );
    unwrap(
      ProviderBoundCapabilityRequest.validateProviderBinding(
        ProviderBoundCapabilityRequest.new(ProviderBindingId.of(1), boundRequest()),
      ),
    );
    const zero = ProviderBoundCapabilityRequest.new(ProviderBindingId.of(0), boundRequest());
    expect(unwrapErr(ProviderBoundCapabilityRequest.validateProviderBinding(zero))).toMatchObject({
      kind: 'zero-identifier',
      field: 'provider binding id',
    });
  });

  it('checks the binding before the inner request', () => {
    const bothWrong = ProviderBoundCapabilityRequest.new(
      ProviderBindingId.of(0),
      boundRequest({ localId: CapabilityRequestId.of(0) }),
    );
    expect(unwrapErr(ProviderBoundCapabilityRequest.validate(bothWrong, 1))).toMatchObject({
      field: 'provider binding id',
    });
    const innerWrong = ProviderBoundCapabilityRequest.new(
      null,
      boundRequest({ localId: CapabilityRequestId.of(0) }),
    );
    expect(unwrapErr(ProviderBoundCapabilityRequest.validate(innerWrong, 1))).toMatchObject({
      field: 'tool request id',
    });
    unwrap(
      ProviderBoundCapabilityRequest.validate(
        ProviderBoundCapabilityRequest.new(null, boundRequest()),
        1,
      ),
    );
  });

  it('keys by the inner request', () => {
    expect(
      ProviderBoundCapabilityRequest.key(ProviderBoundCapabilityRequest.new(null, boundRequest())),
    ).toEqual(requestKey());
  });
});
