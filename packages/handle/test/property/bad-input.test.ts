// Bad input at every handle, mixed into valid command streams: the control, tool-client,
// tool-authority and provider-runtime handles refuse it with a typed error, consume no sequence
// and change nothing, so the plane ends deep-equal to a twin that never saw it, and every
// snapshot the port publishes passes its own codec.
import type { Gate4AgentKernel } from '@gate4agent/kernel';
import {
  BAD_INPUT_RUNS,
  BAD_INPUT_SEED,
  badNumber,
  badScalar,
  badText,
  overLength,
  withField,
  wrongType,
} from '@gate4agent/test-arbitraries';
import {
  type CapabilityObservation,
  ProviderRuntimeSnapshot,
  TOOL_APPROVAL_SUMMARY_MAX_BYTES,
  TOOL_RESOURCE_SCOPE_ID_MAX_BYTES,
  ToolActorId,
  ToolEngineSnapshot,
} from '@gate4agent/tool-protocol';
import { ControlSnapshotCodec, type SessionGeneration, unwrap } from '@gate4agent/types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Gate4AgentHandle } from '../../src/control/gate4agent-handle.js';
import { boundedControlPlane } from '../../src/control-plane/bounded-control-plane.js';
import type { ControlPlaneKernelPort } from '../../src/control-plane/control-plane-kernel-port.js';
import type { ProviderRuntimeHandle } from '../../src/provider-runtime/provider-runtime-handle.js';
import type { ToolAuthorityHandle } from '../../src/tool/tool-authority-handle.js';
import type { ToolClientHandle } from '../../src/tool/tool-client-handle.js';
import {
  attachProviderRuntime,
  command,
  grant,
  instance,
  kernelWith,
  provider,
  providerId,
  request,
  result,
  startRunning,
} from '../support/control-plane-fixtures.js';

interface Plane {
  readonly kernel: Gate4AgentKernel;
  readonly gate: Gate4AgentHandle;
  readonly authority: ToolAuthorityHandle;
  readonly port: ControlPlaneKernelPort;
  readonly client: ToolClientHandle;
  readonly runtime: ProviderRuntimeHandle;
  readonly generation: SessionGeneration;
  readonly published: unknown[];
  readonly outcomes: unknown[];
}

function plane(): Plane {
  const [gate, authority, port] = boundedControlPlane(64);
  const kernel = kernelWith([provider()]);
  const client = unwrap(authority.bindClient(ToolActorId.of('agent.primary')));
  const runtime = attachProviderRuntime(kernel, port, port.providerAuthority(), providerId(), 8);
  const generation = startRunning(kernel, gate, port);
  unwrap(authority.dispatch({ kind: 'set-grant', grant: grant(client, generation, 'allow') }));
  const world: Plane = {
    kernel,
    gate,
    authority,
    port,
    client,
    runtime,
    generation,
    published: [],
    outcomes: [],
  };
  step(world);
  return world;
}

function step(world: Plane): void {
  const reduced = world.kernel.stepControlPlane(world.port.drainIngress(64), []);
  world.port.publishStep(reduced);
  world.published.push(reduced.backendSnapshot);
}

type Valid =
  | { t: 'request'; local: number; deadline: number }
  | { t: 'revoke' }
  | { t: 'grant' }
  | { t: 'resize'; rows: number }
  | { t: 'work' }
  | { t: 'step' };

const valid: fc.Arbitrary<Valid> = fc.oneof(
  fc.record({
    t: fc.constant('request' as const),
    local: fc.integer({ min: 1, max: 6 }),
    deadline: fc.integer({ min: 1, max: 30 }),
  }),
  fc.constant({ t: 'revoke' as const }),
  fc.constant({ t: 'grant' as const }),
  fc.record({ t: fc.constant('resize' as const), rows: fc.integer({ min: 1, max: 60 }) }),
  fc.constant({ t: 'work' as const }),
  fc.constant({ t: 'step' as const }),
);

let commandIds = 100;

function applyValid(world: Plane, op: Valid): void {
  const record = (value: unknown) => world.outcomes.push(value);
  switch (op.t) {
    case 'request':
      record(
        world.client.dispatch({
          ...request(op.local, world.generation),
          deadlineTick: op.deadline + 10,
        }),
      );
      break;
    case 'revoke':
      record(
        world.authority.dispatch({
          kind: 'revoke-grant',
          key: grant(world.client, world.generation, 'allow').key,
        }),
      );
      break;
    case 'grant':
      record(
        world.authority.dispatch({
          kind: 'set-grant',
          grant: grant(world.client, world.generation, 'allow'),
        }),
      );
      break;
    case 'resize':
      commandIds += 1;
      record(
        world.gate.dispatch(
          command(commandIds, {
            kind: 'resize',
            instanceId: instance(),
            size: { rows: op.rows, columns: 80 },
          } as never),
        ),
      );
      break;
    case 'work': {
      const work = world.runtime.tryRecv();
      if (work.ok && work.value.kind === 'invoke') {
        record(world.runtime.trySucceed(work.value.invocation, result()));
      } else record(work.ok ? work.value.kind : work.error.kind);
      break;
    }
    case 'step':
      step(world);
      break;
  }
}

const notString = wrongType.filter((value) => typeof value !== 'string');
const badId = fc.oneof(badText, overLength(TOOL_RESOURCE_SCOPE_ID_MAX_BYTES), notString);

type Bad = (world: Plane) => { ok: boolean; error?: { kind: string } };

const badRequest: fc.Arbitrary<Bad> = fc
  .oneof(
    badScalar.map((value) => [['deadlineTick'], value] as const),
    badScalar.map((value) => [['localId'], value] as const),
    badNumber.map((value) => [['generation'], value] as const),
    fc.constantFrom('payload', [1, 2, 3], 7, null).map((value) => [['payload'], value] as const),
    fc.oneof(fc.constant(42), notString).map((value) => [['approvalSummary'], value] as const),
    fc
      .oneof(badText, overLength(TOOL_APPROVAL_SUMMARY_MAX_BYTES))
      .map((value) => [['approvalSummary'], value] as const),
    badId.map((value) => [['resourceScopeId'], value] as const),
    badId.map((value) => [['capabilityId'], value] as const),
  )
  .map(
    ([path, value]) =>
      (world: Plane) =>
        world.client.dispatch(withField(request(1, world.generation), path, value) as never),
  );

const badAuthority: fc.Arbitrary<Bad> = fc
  .oneof(
    badId.map(
      (value) => (world: Plane) =>
        withField(
          { kind: 'set-grant', grant: grant(world.client, world.generation, 'allow') },
          ['grant', 'key', 'resourceScopeId'],
          value,
        ),
    ),
    badNumber.map(
      (value) => (world: Plane) =>
        withField(
          { kind: 'revoke-grant', key: grant(world.client, world.generation, 'allow').key },
          ['key', 'generation'],
          value,
        ),
    ),
    fc.constant((world: Plane) =>
      withField(
        { kind: 'set-grant', grant: grant(world.client, world.generation, 'allow') },
        ['grant', 'mode'],
        'maybe',
      ),
    ),
    fc.oneof(fc.constant({ kind: 'launch' }), wrongType).map((value) => () => value),
  )
  .map((build) => (world: Plane) => world.authority.dispatch(build(world) as never));

const badControl: fc.Arbitrary<Bad> = fc
  .oneof(
    badScalar.map((value) =>
      withField(command(1, { kind: 'remove', instanceId: instance() } as never), ['id'], value),
    ),
    badNumber.map((value) =>
      withField(
        command(1, { kind: 'remove', instanceId: instance() } as never),
        ['command', 'instanceId'],
        value,
      ),
    ),
    fc.constant(command(1, { kind: 'explode', instanceId: instance() } as never)),
    fc.constantFrom('yolo', 7, null).map((value) =>
      withField(
        command(1, {
          kind: 'start',
          instanceId: instance(),
          runtimePolicy: null,
          request: {
            workingDirectory: '.',
            terminalSize: { rows: 24, columns: 80 },
            initialPrompt: null,
            sessionOptions: null,
            approvalLevel: 'ask',
          },
        } as never),
        ['command', 'request', 'approvalLevel'],
        value,
      ),
    ),
    wrongType,
  )
  .map((envelope) => (world: Plane) => world.gate.dispatch(envelope as never));

const badObservation: fc.Arbitrary<Bad> = fc
  .oneof(
    fc.constant({
      kind: 'succeeded',
      result: withField(result(), ['delivery', 'bytes'], [123, 125]),
    }),
    fc.constant({
      kind: 'succeeded',
      result: withField(result(), ['metadata', 'redactedSummary'], 5),
    }),
    badScalar.map((value) => ({
      kind: 'succeeded',
      result: withField(result(), ['metadata', 'byteLen'], value),
    })),
    fc.constant({ kind: 'vanished' }),
    wrongType,
  )
  .map(
    (observation) => (world: Plane) =>
      world.runtime.tryComplete({} as never, observation as CapabilityObservation),
  );

const bad = fc.oneof(badRequest, badAuthority, badControl, badObservation);

function refused(call: Bad, world: Plane): void {
  const outcome = call(world);
  if (outcome.ok !== false || typeof outcome.error?.kind !== 'string') {
    throw new Error(`bad input was accepted: ${JSON.stringify(outcome)}`);
  }
  const typed = ['invalid-input', 'invalid-request', 'invalid-observation'];
  if (!typed.includes(outcome.error.kind)) {
    throw new Error(`bad input was refused as ${outcome.error.kind}`);
  }
}

function decodes(snapshot: unknown): void {
  const backend = snapshot as { control: never; tools: never; providerRuntime: never };
  for (const [codec, value] of [
    [ControlSnapshotCodec, backend.control],
    [ToolEngineSnapshot.codec, backend.tools],
    [ProviderRuntimeSnapshot.codec, backend.providerRuntime],
  ] as const) {
    const decoded = (codec as typeof ControlSnapshotCodec).decode(
      (codec as typeof ControlSnapshotCodec).encode(value),
    );
    if (!decoded.ok)
      throw new Error(`published snapshot does not decode: ${decoded.error.message}`);
  }
}

describe('handles refuse bad input', () => {
  it('leave the plane as a twin that never saw the bad calls, and every publication decodes', {
    timeout: 600_000,
  }, () => {
    console.info(`handle bad-input seed ${BAD_INPUT_SEED}, ${BAD_INPUT_RUNS} runs`);
    fc.assert(
      fc.property(
        fc.array(valid, { maxLength: 6 }),
        fc.array(fc.tuple(fc.nat({ max: 6 }), bad), { minLength: 1, maxLength: 2 }),
        (ops, calls) => {
          commandIds = 100;
          const twin = plane();
          for (const op of ops) applyValid(twin, op);
          step(twin);
          commandIds = 100;
          const subject = plane();
          ops.forEach((op, index) => {
            for (const [at, call] of calls) if (at === index) refused(call, subject);
            applyValid(subject, op);
          });
          for (const [at, call] of calls) if (at >= ops.length) refused(call, subject);
          step(subject);
          expect(subject.outcomes).toEqual(twin.outcomes);
          expect(subject.authority.snapshot()).toEqual(twin.authority.snapshot());
          expect(subject.client.snapshot()).toEqual(twin.client.snapshot());
          expect(subject.gate.snapshot()).toEqual(twin.gate.snapshot());
          for (const published of subject.published) decodes(published);
        },
      ),
      { numRuns: BAD_INPUT_RUNS, seed: BAD_INPUT_SEED },
    );
  });

  it('refuses an approval level outside the union at the control handle', () => {
    const world = plane();
    const malformed = withField(
      command(9, { kind: 'remove', instanceId: instance() } as never),
      ['id'],
      Number.NaN,
    );
    const refusedResult = world.gate.dispatch(malformed as never);
    expect(refusedResult).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    if (!refusedResult.ok) {
      expect(refusedResult.error.message).toContain('control command was not sent');
    }
  });

  it('refuses a payload given as a string or numbers and a numeric summary without a TypeError', () => {
    const world = plane();
    for (const [field, value] of [
      ['payload', 'text'],
      ['payload', [1, 2]],
      ['approvalSummary', 5],
    ] as const) {
      const outcome = world.client.dispatch(
        withField(request(2, world.generation), [field], value) as never,
      );
      expect(outcome).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    }
    expect(world.port.hasPendingIngress()).toBe(false);
  });
});
