import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { NativeProviderOperationError } from '../../../src/provider-runtime/contract/native-provider-operation-error.js';
import { ProviderRuntimeError } from '../../../src/provider-runtime/contract/provider-runtime-error.js';
import { TryRecvError } from '../../../src/provider-runtime/contract/try-recv-error.js';

describe('ProviderRuntimeError', () => {
  it('builds every variant with a plain-English message', () => {
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
      [
        'capacity-exceeded',
        'provider runtime registry is full (64 bindings); close a provider runtime first',
      ],
      [
        'already-bound',
        'provider already has a runtime binding; close that runtime before binding the provider again',
      ],
      [
        'counter-exhausted',
        "provider runtime counter 'provider-runtime-sequence' is exhausted; create a new runtime (no further ones can be issued)",
      ],
      [
        'foreign-invocation',
        'invocation belongs to another provider runtime binding; complete it through the runtime that received it',
      ],
      [
        'inactive',
        'provider runtime binding is not active (closing or closed); bind the provider again',
      ],
      [
        'already-completed',
        'provider invocation already submitted a terminal observation; send nothing more for it',
      ],
      [
        'invalid-observation',
        'provider observation is invalid; check it against the tool protocol limits',
      ],
      ['full', 'provider runtime ingress is full; retry after the next tick'],
      [
        'disconnected',
        'provider runtime ingress is disconnected (the runtime was disposed); stop using this provider runtime',
      ],
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
  it('empty and disconnected say what to do', () => {
    expect(TryRecvError.empty()).toEqual({
      kind: 'empty',
      message:
        'nothing is buffered yet; wait for the next item (await next()) or retry after the next tick',
    });
    expect(TryRecvError.disconnected()).toEqual({
      kind: 'disconnected',
      message: 'nothing is buffered and the sender is gone; stop receiving',
    });
  });
});

describe('NativeProviderOperationError', () => {
  it('keeps the executor code and names it in the message', () => {
    const error = NativeProviderOperationError.of('fixture-kill-failed');
    expect(error.code).toBe('fixture-kill-failed');
    expect(error.message).toBe(
      "native provider operation failed: fixture-kill-failed; check the executor's documentation and logs for this code",
    );
    expect(error).toEqual(NativeProviderOperationError.of('fixture-kill-failed'));
  });
});
