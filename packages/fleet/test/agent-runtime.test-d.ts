// Type tests: a local NativeRuntime and a FleetClient share the async API, so code written against
// AgentRuntime runs against either.

import type { AgentSession, NativeRuntime } from '@gate4agent/runtime-native';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  AgentRuntime,
  AgentSessionLike,
  FleetClient,
  FleetCompletion,
  FleetSession,
  FleetToolClient,
} from '../src/index.js';

describe('the shared runtime API', () => {
  it('is satisfied by NativeRuntime and by FleetClient', () => {
    expectTypeOf<NativeRuntime>().toExtend<AgentRuntime>();
    expectTypeOf<FleetClient>().toExtend<AgentRuntime>();
  });

  it('is satisfied by the local AgentSession and by FleetSession', () => {
    expectTypeOf<AgentSession>().toExtend<AgentSessionLike>();
    expectTypeOf<FleetSession>().toExtend<AgentSessionLike>();
  });

  it('resolves a fleet tool request with the completion or host-lost', () => {
    expectTypeOf<ReturnType<FleetToolClient['request']>>().toEqualTypeOf<
      Promise<FleetCompletion>
    >();
    expectTypeOf<FleetCompletion['outcome']['kind']>().toExtend<string>();
  });
});
