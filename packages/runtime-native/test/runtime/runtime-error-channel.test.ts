import { describe, expect, it } from 'vitest';
import { NativeRuntimeError } from '../../src/runtime/native-runtime-error.js';
import { RuntimeErrorChannel } from '../../src/runtime/runtime-error-channel.js';

describe('RuntimeErrorChannel', () => {
  it('delivers each error to every listener and subscriber, awaitable, until unsubscribed', async () => {
    const channel = new RuntimeErrorChannel();
    const heard: NativeRuntimeError[] = [];
    const unsubscribe = channel.onError((error) => heard.push(error));
    const subscription = channel.subscribe(8);
    const next = subscription.next();
    const error = NativeRuntimeError.tickThrew(new Error('phase 3 failed'));
    channel.report(error);
    expect(heard).toEqual([error]);
    await expect(next).resolves.toEqual({ done: false, value: error });
    expect(error.message).toBe(
      'a runtime tick threw (phase 3 failed); the host driver keeps ticking, check the cause and report it',
    );
    unsubscribe();
    unsubscribe();
    channel.report(NativeRuntimeError.tickThrew('again'));
    expect(heard).toHaveLength(1);
    expect(subscription.tryRecv().ok).toBe(true);
    channel.close();
    await expect(subscription.next()).resolves.toEqual({ done: true, value: undefined });
  });
});
