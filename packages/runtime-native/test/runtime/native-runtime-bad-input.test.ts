// Bad input at NativeRuntime's public entry points, mixed into valid call streams (no PTY: the
// testkit's process-free executor): each is refused with a typed error (or Gate4AgentError for an
// argument of the wrong kind) and changes nothing, so the runtime ends deep-equal to a twin that
// never saw it, and every published snapshot passes its own codec.

import {
  BAD_INPUT_RUNS,
  BAD_INPUT_SEED,
  badNumber,
  badText,
  overLength,
  withField,
  wrongType,
} from '@gate4agent/test-arbitraries';
import {
  createCancelPressureEvidence,
  ImmediateStopExecutor,
  interactiveAgentSpec,
} from '@gate4agent/testkit';
import {
  ProviderRuntimeSnapshot,
  TOOL_PROVIDER_ID_MAX_BYTES,
  ToolEngineSnapshot,
} from '@gate4agent/tool-protocol';
import { AgentInstanceId, ControlSnapshotCodec, Gate4AgentError, unwrap } from '@gate4agent/types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NativeRuntime } from '../../src/runtime/native-runtime.js';
import { command, providerDescriptor, providerId, registry } from './support/fixtures.js';

type Valid =
  | { t: 'tick' }
  | { t: 'install'; capacity: number }
  | { t: 'retire' }
  | { t: 'drain' }
  | { t: 'stop' };

const valid: fc.Arbitrary<Valid> = fc.oneof(
  fc.constant({ t: 'tick' as const }),
  fc.record({ t: fc.constant('install' as const), capacity: fc.integer({ min: 0, max: 8 }) }),
  fc.constant({ t: 'retire' as const }),
  fc.constant({ t: 'drain' as const }),
  fc.constant({ t: 'stop' as const }),
);

interface World {
  readonly handle: ReturnType<typeof NativeRuntime.new>[0];
  readonly runtime: NativeRuntime;
  readonly outcomes: unknown[];
}

function world(): World {
  const [handle, runtime] = unwrap(
    NativeRuntime.newWithToolProviders(registry(interactiveAgentSpec()), {}, [
      providerDescriptor(),
    ]),
  );
  return { handle, runtime, outcomes: [] };
}

let commandId = 0;

function applyValid(subject: World, op: Valid): void {
  const { runtime, outcomes } = subject;
  switch (op.t) {
    case 'tick':
      runtime.tick();
      break;
    case 'install':
      outcomes.push(
        runtime.installNativeProvider(
          providerId(),
          op.capacity,
          new ImmediateStopExecutor({ evidence: createCancelPressureEvidence() }),
        ),
      );
      break;
    case 'retire':
      outcomes.push(runtime.retireNativeProvider(providerId()));
      break;
    case 'drain':
      outcomes.push(runtime.drainProviderExitAcks(8), runtime.drainProviderFaults(8));
      break;
    case 'stop':
      commandId += 1;
      outcomes.push(
        subject.handle.dispatch(
          command(commandId, { kind: 'stop', instanceId: AgentInstanceId.of(9_001), force: false }),
        ),
      );
      break;
  }
}

const notString = wrongType.filter((value) => typeof value !== 'string');
const badId = fc.oneof(badText, overLength(TOOL_PROVIDER_ID_MAX_BYTES), notString);
const executor = () => new ImmediateStopExecutor({ evidence: createCancelPressureEvidence() });

type Bad = (subject: World) => void;

/** A Result-returning call that must be refused with `kind`. */
const refusedAs =
  (kind: string, call: (subject: World) => { ok: boolean; error?: { kind: string } }): Bad =>
  (subject) => {
    const outcome = call(subject);
    if (outcome.ok !== false || outcome.error?.kind !== kind) {
      throw new Error(`bad input was not refused as ${kind}: ${JSON.stringify(outcome)}`);
    }
  };

/** A call that must throw Gate4AgentError `invalid-argument`. */
const throwsMisuse =
  (call: (subject: World) => unknown): Bad =>
  (subject) => {
    try {
      call(subject);
    } catch (error) {
      if (error instanceof Gate4AgentError && error.kind === 'invalid-argument') return;
      throw error;
    }
    throw new Error('misuse was not refused');
  };

const bad: fc.Arbitrary<Bad> = fc.oneof(
  badId.map((id) =>
    refusedAs('invalid-input', ({ runtime }) =>
      runtime.installNativeProvider(id as never, 4, executor()),
    ),
  ),
  badNumber.map((capacity) =>
    refusedAs('invalid-input', ({ runtime }) =>
      runtime.installNativeProvider(providerId(), capacity, executor()),
    ),
  ),
  notString.map((value) =>
    throwsMisuse(({ runtime }) => runtime.installNativeProvider(providerId(), 4, value as never)),
  ),
  badId.map((id) =>
    refusedAs('invalid-input', ({ runtime }) => runtime.retireNativeProvider(id as never)),
  ),
  fc
    .oneof(badNumber, notString)
    .map((limit) => throwsMisuse(({ runtime }) => runtime.drainProviderExitAcks(limit as never))),
  fc
    .oneof(badNumber, notString)
    .map((limit) => throwsMisuse(({ runtime }) => runtime.drainProviderFaults(limit as never))),
  fc
    .oneof(
      badNumber.map((id) =>
        withField(command(1, { kind: 'remove', instanceId: AgentInstanceId.of(1) }), ['id'], id),
      ),
      fc.constant(command(1, { kind: 'teleport' } as never)),
      notString,
    )
    .map((envelope) =>
      refusedAs('invalid-input', ({ handle }) => handle.dispatch(envelope as never)),
    ),
);

function decodes(runtime: NativeRuntime): void {
  const snapshot = runtime.toolAuthority().snapshot();
  const pairs = [
    [ControlSnapshotCodec, snapshot.control],
    [ToolEngineSnapshot.codec, snapshot.tools],
    [ProviderRuntimeSnapshot.codec, snapshot.providerRuntime],
  ] as const;
  for (const [codec, value] of pairs) {
    const typed = codec as typeof ControlSnapshotCodec;
    const decoded = typed.decode(typed.encode(value as never));
    if (!decoded.ok)
      throw new Error(`published snapshot does not decode: ${decoded.error.message}`);
  }
}

describe('NativeRuntime refuses bad input', () => {
  it('ends as a twin that never saw the bad calls, and every publication decodes', {
    timeout: 600_000,
  }, async () => {
    console.info(`runtime-native bad-input seed ${BAD_INPUT_SEED}, ${BAD_INPUT_RUNS} runs`);
    await fc.assert(
      fc.asyncProperty(
        fc.array(valid, { maxLength: 6 }),
        fc.array(fc.tuple(fc.nat({ max: 6 }), bad), { minLength: 1, maxLength: 3 }),
        async (ops, calls) => {
          const twin = world();
          const subject = world();
          try {
            commandId = 0;
            for (const op of ops) applyValid(twin, op);
            twin.runtime.tick();
            commandId = 0;
            ops.forEach((op, index) => {
              for (const [at, call] of calls) if (at === index) call(subject);
              applyValid(subject, op);
              decodes(subject.runtime);
            });
            for (const [at, call] of calls) if (at >= ops.length) call(subject);
            subject.runtime.tick();
            decodes(subject.runtime);
            expect(subject.outcomes).toEqual(twin.outcomes);
            expect(subject.runtime.toolAuthority().snapshot()).toEqual(
              twin.runtime.toolAuthority().snapshot(),
            );
            expect(subject.runtime.nativeProviderSnapshot(providerId())).toEqual(
              twin.runtime.nativeProviderSnapshot(providerId()),
            );
          } finally {
            await twin.runtime.dispose();
            await subject.runtime.dispose();
          }
        },
      ),
      { numRuns: BAD_INPUT_RUNS, seed: BAD_INPUT_SEED },
    );
  });

  it('says what was wrong and what to pass when installNativeProvider gets a NaN capacity', () => {
    const { runtime } = world();
    const refused = runtime.installNativeProvider(providerId(), Number.NaN, executor());
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', method: 'installNativeProvider' },
    });
    if (!refused.ok) expect(refused.error.message).toContain('got NaN');
    return runtime.dispose();
  });
});
