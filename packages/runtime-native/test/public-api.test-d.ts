// Type tests of the runtime's TypeScript-shaped public API.

import type { Subscription, ToolClientHandle } from '@gate4agent/handle';
import type { ToolEngineError } from '@gate4agent/tool-engine';
import type { Result, SessionStatus, TerminalFrame } from '@gate4agent/types';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AgentExit,
  type AgentSession,
  type LaunchAgentOptions,
  NativeRuntime,
  type NativeRuntimeParts,
  type PhysicalExitAck,
  type ProviderSupervisorFault,
} from '../src/index.js';

describe('public API types', () => {
  it('create returns the handle and the runtime by name; the Rust factories keep their tuples', () => {
    expectTypeOf(NativeRuntime.create).returns.toEqualTypeOf<
      Result<NativeRuntimeParts, ToolEngineError>
    >();
    expectTypeOf<NativeRuntimeParts['runtime']>().toEqualTypeOf<NativeRuntime>();
    expectTypeOf(NativeRuntime.new).returns.toMatchTypeOf<readonly [unknown, NativeRuntime]>();
  });

  it('launchAgent resolves with an async-disposable session', () => {
    expectTypeOf<NativeRuntime['launchAgent']>().returns.toEqualTypeOf<Promise<AgentSession>>();
    expectTypeOf<AgentSession>().toMatchTypeOf<AsyncDisposable>();
    expectTypeOf<LaunchAgentOptions['signal']>().toEqualTypeOf<AbortSignal | undefined>();
    expectTypeOf<AgentSession['status']>().toEqualTypeOf<SessionStatus>();
    expectTypeOf<AgentSession['screen']>().toEqualTypeOf<string>();
    expectTypeOf<AgentSession['exited']>().toEqualTypeOf<Promise<AgentExit>>();
    expectTypeOf<AgentSession['waitFor']>().returns.toEqualTypeOf<Promise<string>>();
    expectTypeOf<ReturnType<AgentSession['frames']>>().toMatchTypeOf<
      AsyncIterable<TerminalFrame>
    >();
    expectTypeOf<AgentExit['status']['kind']>().toEqualTypeOf<'exited' | 'failed'>();
  });

  it('exit acks, faults and tool clients come as handle types', () => {
    expectTypeOf<NativeRuntime['subscribeProviderExitAcks']>().returns.toEqualTypeOf<
      Subscription<PhysicalExitAck>
    >();
    expectTypeOf<NativeRuntime['subscribeProviderFaults']>().returns.toEqualTypeOf<
      Subscription<ProviderSupervisorFault>
    >();
    expectTypeOf<NativeRuntime['toolClient']>().returns.toMatchTypeOf<
      Result<ToolClientHandle, unknown>
    >();
  });
});
