// Bad input handed to the kernel's step, mixed into valid step streams: the whole step is refused
// with Gate4AgentError before any phase runs, so the kernel ends deep-equal to a twin that never
// saw it, and every snapshot a step returns passes its own codec.

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
  ProviderRuntimeSnapshot,
  TOOL_RESOURCE_SCOPE_ID_MAX_BYTES,
  ToolEngineSnapshot,
} from '@gate4agent/tool-protocol';
import {
  CONTROL_PROTOCOL_VERSION,
  ControlSnapshotCodec,
  Gate4AgentError,
  SessionGeneration,
} from '@gate4agent/types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Gate4AgentEngine } from '../../src/engine/gate4agent-engine.js';
import type { BackendIngress } from '../../src/kernel/backend-ingress.js';
import type { Gate4AgentKernel } from '../../src/kernel/gate4agent-kernel.js';
import {
  authority,
  boundRequest,
  command,
  instance,
  kernelWithProvider,
  register,
  startCommand,
  toolGrant,
  toolRequest,
} from './kernel-fixtures.js';

const GENERATION = SessionGeneration.of(1);

type Valid =
  | { t: 'register' }
  | { t: 'start' }
  | { t: 'grant' }
  | { t: 'request'; local: number }
  | { t: 'idle' };

const valid: fc.Arbitrary<Valid> = fc.oneof(
  fc.constant({ t: 'register' as const }),
  fc.constant({ t: 'start' as const }),
  fc.constant({ t: 'grant' as const }),
  fc.record({ t: fc.constant('request' as const), local: fc.integer({ min: 1, max: 5 }) }),
  fc.constant({ t: 'idle' as const }),
);

function ingressOf(op: Valid, index: number): BackendIngress[] {
  switch (op.t) {
    case 'register':
      return [{ kind: 'control', command: register(index + 10, 'claude') }];
    case 'start':
      return [{ kind: 'control', command: startCommand(index + 10) }];
    case 'grant':
      return [authority(toolGrant(GENERATION, index + 1))];
    case 'request':
      return [boundRequest(null, toolRequest(op.local, GENERATION))];
    case 'idle':
      return [];
  }
}

const notString = wrongType.filter((value) => typeof value !== 'string');
const badId = fc.oneof(badText, overLength(TOOL_RESOURCE_SCOPE_ID_MAX_BYTES), notString);

const startWith = (level: unknown) =>
  withField(startCommand(3), ['command', 'request', 'approvalLevel'], level);

/** One malformed item; any of them must refuse the whole step. */
const badItem: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('yolo', 7, null).map((level) => ({ kind: 'control', command: startWith(level) })),
  badScalar.map((id) => ({
    kind: 'control',
    command: withField(register(4, 'claude'), ['id'], id),
  })),
  fc.constant({ kind: 'control', command: command(5, { kind: 'explode' } as never) }),
  badScalar.map((tick) => ({
    kind: 'tool-request',
    request: withField(
      boundRequest(null, toolRequest(1, GENERATION)),
      ['request', 'request', 'request', 'deadlineTick'],
      tick,
    ),
  })),
  fc.constantFrom('text', [1, 2]).map((payload) => ({
    kind: 'tool-request',
    request: withField(
      boundRequest(null, toolRequest(1, GENERATION)),
      ['request', 'request', 'request', 'payload'],
      payload,
    ),
  })),
  badId.map((scope) => ({
    kind: 'tool-authority',
    envelope: withField(
      toolGrant(GENERATION, 99),
      ['command', 'grant', 'key', 'resourceScopeId'],
      scope,
    ),
  })),
  fc.oneof(badNumber, fc.constant(Number.POSITIVE_INFINITY)).map((sequence) => ({
    kind: 'tool-authority',
    envelope: withField(toolGrant(GENERATION, 1), ['sequence'], sequence),
  })),
  fc.constant({
    kind: 'tool-provider',
    envelope: { protocolVersion: 1, sequence: 1, command: { kind: 'teleport' } },
  }),
  fc.oneof(fc.constant({ kind: 'unknown-lane' }), wrongType),
);

const badObservation: fc.Arbitrary<unknown> = fc.oneof(
  badNumber.map((operationId) => ({
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId,
    instanceId: instance(),
    generation: GENERATION,
    observation: { kind: 'spawned', processId: 1 },
  })),
  fc.constant({
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId: 1,
    instanceId: instance(),
    generation: GENERATION,
    observation: { kind: 'melted' },
  }),
  wrongType,
);

type BadStep = { ingress: unknown[]; observations: unknown[] };

const badStep: fc.Arbitrary<BadStep> = fc.oneof(
  fc.tuple(valid, badItem, fc.boolean()).map(([op, item, first]) => ({
    ingress: first ? [item, ...ingressOf(op, 0)] : [...ingressOf(op, 0), item],
    observations: [],
  })),
  badObservation.map((observation) => ({ ingress: [], observations: [observation] })),
);

function decodes(step: {
  backendSnapshot: { control: unknown; tools: unknown; providerRuntime: unknown };
}): void {
  const pairs = [
    [ControlSnapshotCodec, step.backendSnapshot.control],
    [ToolEngineSnapshot.codec, step.backendSnapshot.tools],
    [ProviderRuntimeSnapshot.codec, step.backendSnapshot.providerRuntime],
  ] as const;
  for (const [codec, value] of pairs) {
    const typed = codec as typeof ControlSnapshotCodec;
    const decoded = typed.decode(typed.encode(value as never));
    if (!decoded.ok) throw new Error(`step snapshot does not decode: ${decoded.error.message}`);
  }
}

function refuses(kernel: Gate4AgentKernel, bad: BadStep): void {
  try {
    kernel.stepControlPlane(bad.ingress as BackendIngress[], bad.observations as never[]);
  } catch (error) {
    if (error instanceof Gate4AgentError && error.kind === 'invalid-argument') return;
    throw error;
  }
  throw new Error(`a malformed step was reduced: ${JSON.stringify(bad)}`);
}

describe('kernel refuses malformed steps', () => {
  it('leaves the kernel as a twin that never saw them, and every step snapshot decodes', {
    timeout: 600_000,
  }, () => {
    console.info(`kernel bad-input seed ${BAD_INPUT_SEED}, ${BAD_INPUT_RUNS} runs`);
    fc.assert(
      fc.property(
        fc.array(valid, { maxLength: 4 }),
        fc.array(fc.tuple(fc.nat({ max: 4 }), badStep), { minLength: 1, maxLength: 3 }),
        (ops, bads) => {
          const twin = kernelWithProvider();
          const subject = kernelWithProvider();
          ops.forEach((op, index) => {
            for (const [at, bad] of bads) if (at === index) refuses(subject, bad);
            const expected = twin.stepControlPlane(ingressOf(op, index), []);
            const actual = subject.stepControlPlane(ingressOf(op, index), []);
            expect(actual).toEqual(expected);
            decodes(actual);
          });
          for (const [at, bad] of bads) if (at >= ops.length) refuses(subject, bad);
          expect(subject.backendSnapshot()).toEqual(twin.backendSnapshot());
        },
      ),
      { numRuns: BAD_INPUT_RUNS, seed: BAD_INPUT_SEED },
    );
  });

  it('throws a Gate4AgentError that names the malformed approval level', () => {
    const kernel = kernelWithProvider();
    kernel.step([register(1, 'claude')], []);
    const before = kernel.backendSnapshot();
    expect(() => kernel.step([startWith('yolo') as never], [])).toThrow(
      /approvalLevel|ingress item 0/,
    );
    expect(kernel.backendSnapshot()).toEqual(before);
  });

  it('refuses malformed commands and observations at the control engine', () => {
    const engine = new Gate4AgentEngine();
    expect(engine.applyCommand(register(1, 'claude')).ok).toBe(true);
    const before = engine.snapshot();
    expect(() => engine.applyCommand(startWith('yolo') as never)).toThrow(Gate4AgentError);
    // When the engine's own checks name a rule the command breaks, that error is returned.
    expect(
      engine.applyCommand(withField(register(2, 'claude'), ['id'], Number.NaN) as never),
    ).toMatchObject({ ok: false, error: { kind: 'duplicate-instance' } });
    expect(() => engine.tryApplyObservation({ kind: 'nothing' } as never)).toThrow(Gate4AgentError);
    expect(() => engine.recordCommandRejection(Number.NaN as never, instance(), 'x')).toThrow(
      Gate4AgentError,
    );
    expect(engine.snapshot()).toEqual(before);
  });
});
