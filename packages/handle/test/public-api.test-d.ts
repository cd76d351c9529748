// Type tests of the awaitable public API (ARCHITECTURE decision 17).
import type { CapabilityCompletionEnvelope, ToolAuthorityOutcome } from '@gate4agent/tool-protocol';
import type { ControlEvent } from '@gate4agent/types';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type ControlPlaneParts,
  createControlPlane,
  createPort,
  type Gate4AgentHandle,
  type KernelPort,
  type ProviderRuntimeHandle,
  type ProviderWork,
  type Subscription,
  type ToolAuthorityHandle,
  type ToolClientHandle,
  type ToolRequestOptions,
} from '../src/index.js';

describe('public API types', () => {
  it('createControlPlane returns its three ends by name', () => {
    expectTypeOf(createControlPlane).returns.toEqualTypeOf<ControlPlaneParts>();
    expectTypeOf<ControlPlaneParts['handle']>().toEqualTypeOf<Gate4AgentHandle>();
    expectTypeOf<ControlPlaneParts['toolAuthority']>().toEqualTypeOf<ToolAuthorityHandle>();
    expectTypeOf(createPort).returns.toEqualTypeOf<{
      readonly handle: Gate4AgentHandle;
      readonly port: KernelPort;
    }>();
  });

  it('subscriptions are async iterables with an abortable next', () => {
    expectTypeOf<Subscription<ControlEvent>>().toMatchTypeOf<AsyncIterable<ControlEvent>>();
    expectTypeOf<Subscription<ControlEvent>>().toMatchTypeOf<AsyncDisposable>();
    expectTypeOf<Subscription<ControlEvent>['next']>().returns.toEqualTypeOf<
      Promise<IteratorResult<ControlEvent, undefined>>
    >();
    expectTypeOf<ReturnType<Gate4AgentHandle['subscribe']>>().toMatchTypeOf<
      AsyncIterable<ControlEvent>
    >();
  });

  it('a tool request is a promise of its completion, cancellable by a signal', () => {
    expectTypeOf<ToolClientHandle['request']>().returns.toEqualTypeOf<
      Promise<CapabilityCompletionEnvelope>
    >();
    expectTypeOf<ToolRequestOptions['signal']>().toEqualTypeOf<AbortSignal | undefined>();
    expectTypeOf<ToolAuthorityHandle['grant']>().returns.toEqualTypeOf<
      Promise<ToolAuthorityOutcome>
    >();
    expectTypeOf<ToolAuthorityHandle['deny']>().returns.toEqualTypeOf<
      Promise<ToolAuthorityOutcome>
    >();
  });

  it('provider work can be awaited and iterated', () => {
    expectTypeOf<ProviderRuntimeHandle['nextWork']>().returns.toEqualTypeOf<
      Promise<IteratorResult<ProviderWork, undefined>>
    >();
    expectTypeOf<ReturnType<ProviderRuntimeHandle['work']>>().toMatchTypeOf<
      AsyncIterable<ProviderWork>
    >();
  });
});
