import { describe, expect, it } from 'vitest';
import {
  ProviderCancellationFlag,
  ProviderCancellationToken,
} from '../../../src/provider-runtime/contract/provider-cancellation-token.js';

describe('ProviderCancellationFlag', () => {
  it('starts clear and stays set once cancelled', () => {
    const flag = new ProviderCancellationFlag();
    expect(flag.isCancelled()).toBe(false);
    flag.cancel();
    expect(flag.isCancelled()).toBe(true);
    flag.cancel();
    expect(flag.isCancelled()).toBe(true);
  });
});

describe('ProviderCancellationToken', () => {
  it('reports cancelled when either the operation flag or the binding flag is set', () => {
    const binding = new ProviderCancellationFlag();
    const first = new ProviderCancellationFlag();
    const second = new ProviderCancellationFlag();
    const firstToken = new ProviderCancellationToken(first, binding);
    const secondToken = new ProviderCancellationToken(second, binding);
    expect(firstToken.isCancelled()).toBe(false);
    expect(secondToken.isCancelled()).toBe(false);

    first.cancel();
    expect(firstToken.isCancelled()).toBe(true);
    expect(secondToken.isCancelled()).toBe(false);

    binding.cancel();
    expect(secondToken.isCancelled()).toBe(true);
  });

  it('reads the flags live rather than copying them', () => {
    const flag = new ProviderCancellationFlag();
    const token = new ProviderCancellationToken(flag);
    const sameFlag = new ProviderCancellationToken(flag);
    flag.cancel();
    expect(token.isCancelled()).toBe(true);
    expect(sameFlag.isCancelled()).toBe(true);
  });

  it('a token watching no flag is never cancelled', () => {
    expect(new ProviderCancellationToken().isCancelled()).toBe(false);
  });
});
