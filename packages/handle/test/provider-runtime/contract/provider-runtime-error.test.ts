import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { NativeProviderOperationError } from '../../../src/provider-runtime/contract/native-provider-operation-error.js';
import { ProviderRuntimeError } from '../../../src/provider-runtime/contract/provider-runtime-error.js';
import { TryRecvError } from '../../../src/provider-runtime/contract/try-recv-error.js';

describe('ProviderRuntimeError', () => {
  it('builds every variant with the upstream message', () => {
    expect(
      [
        ProviderRuntimeError.capacityExceeded(),
        ProviderRuntimeError.alreadyBound(),
        ProviderRuntimeError.counterExhausted(),
        ProviderRuntimeError.foreignInvocation(),
        ProviderRuntimeError.inactive(),
        ProviderRuntimeError.alreadyCompleted(),
        ProviderRuntimeError.invalidObservation(),
        ProviderRuntimeError.full(),
        ProviderRuntimeError.disconnected(),
      ].map((error) => [error.kind, error.message]),
    ).toEqual([
      ['capacity-exceeded', 'provider runtime registry is full'],
      ['already-bound', 'provider already has a runtime binding'],
      ['counter-exhausted', "provider runtime counter 'provider-runtime-sequence' is exhausted"],
      ['foreign-invocation', 'invocation belongs to another provider runtime binding'],
      ['inactive', 'provider runtime binding is not active'],
      ['already-completed', 'provider invocation already submitted a terminal observation'],
      ['invalid-observation', 'provider observation is invalid'],
      ['full', 'provider runtime ingress is full'],
      ['disconnected', 'provider runtime ingress is disconnected'],
    ]);
  });

  it('counter-exhausted names its counter', () => {
    expect(ProviderRuntimeError.counterExhausted()).toMatchObject({
      counter: 'provider-runtime-sequence',
    });
  });

  it('errors are value-comparable, so faults can nest them', () => {
    expect(isDeepStrictEqual(ProviderRuntimeError.full(), ProviderRuntimeError.full())).toBe(true);
    expect(isDeepStrictEqual(ProviderRuntimeError.full(), ProviderRuntimeError.inactive())).toBe(
      false,
    );
  });
});

describe('TryRecvError', () => {
  it('empty and disconnected carry the std wording', () => {
    expect(TryRecvError.empty()).toEqual({
      kind: 'empty',
      message: 'receiving on an empty channel',
    });
    expect(TryRecvError.disconnected()).toEqual({
      kind: 'disconnected',
      message: 'receiving on an empty and disconnected channel',
    });
  });
});

describe('NativeProviderOperationError', () => {
  it('keeps the executor code and names it in the message', () => {
    const error = NativeProviderOperationError.of('fixture-kill-failed');
    expect(error.code).toBe('fixture-kill-failed');
    expect(error.message).toBe('native provider operation failed: fixture-kill-failed');
    expect(error).toEqual(NativeProviderOperationError.of('fixture-kill-failed'));
  });
});
