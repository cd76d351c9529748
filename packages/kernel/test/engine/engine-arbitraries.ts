// Random command / observation streams for the engine's property tests. Ids are drawn from small
// ranges so streams collide: the same instance is started, stopped and removed, observations
// answer real effects or deliberately wrong ones.
import {
  AgentId,
  AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  CommandId,
  type ControlObservation,
  type InputAction,
  type ObservationEnvelope,
  OperationId,
  ProviderRuntimePolicy,
  SessionGeneration,
  type TerminalSize,
} from '@gate4agent/types';
import fc from 'fast-check';
import { COUNTER_MAX } from '../../src/constants.js';

/** One step of a stream: a command, or an observation built against the effects seen so far. */
export type StreamOp =
  | { readonly kind: 'command'; readonly command: CommandBody }
  | { readonly kind: 'answer'; readonly pick: number; readonly outcome: 'ok' | 'fail' }
  | { readonly kind: 'exit'; readonly instance: number; readonly staleGeneration: boolean }
  | { readonly kind: 'frame'; readonly instance: number; readonly sequence: number }
  | { readonly kind: 'forged'; readonly instance: number; readonly operation: number | null };

type CommandBody =
  | { kind: 'register'; instance: number; transport: 'pty' | 'pipe' }
  | { kind: 'start'; instance: number; semantic: boolean; size: TerminalSize; directory: string }
  | { kind: 'stop'; instance: number; force: boolean }
  | { kind: 'send-input'; instance: number; action: InputAction }
  | { kind: 'resize'; instance: number; size: TerminalSize }
  | { kind: 'remove'; instance: number };

/** Counter values the stream starts from: fresh, or one or two steps before exhaustion. */
export interface CounterSeeds {
  readonly nextOperationId: number | null;
  readonly nextEventSequence: number | null;
  readonly revision: number | null;
}

const instanceArb = fc.integer({ min: 1, max: 3 });
const sizeArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ rows: 24, columns: 80 }) },
  {
    weight: 1,
    arbitrary: fc.record({
      rows: fc.integer({ min: 0, max: 1_001 }),
      columns: fc.integer({ min: 0, max: 1_001 }),
    }),
  },
);
const actionArb: fc.Arbitrary<InputAction> = fc.oneof(
  fc.string({ maxLength: 6 }).map((text) => ({ kind: 'terminal-text' as const, text })),
  fc.integer({ min: 0, max: 66 }).map((length) => ({
    kind: 'terminal-bytes' as const,
    bytes: new Uint8Array(length).fill(0x61),
  })),
  fc.constant({ kind: 'terminal-control' as const, control: 'interrupt' as const }),
  fc.constant({ kind: 'submit-prompt' as const, text: 'go', framing: 'literal' as const }),
);

const commandArb: fc.Arbitrary<CommandBody> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('register' as const),
      instance: instanceArb,
      transport: fc.constantFrom('pty' as const, 'pty' as const, 'pty' as const, 'pipe' as const),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('start' as const),
      instance: instanceArb,
      semantic: fc.boolean(),
      size: sizeArb,
      directory: fc.constantFrom('.', '.', '.', '/tmp', '', 'a\u0000b'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('stop' as const),
      instance: instanceArb,
      force: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('send-input' as const),
      instance: instanceArb,
      action: actionArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('resize' as const),
      instance: instanceArb,
      size: sizeArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('remove' as const), instance: instanceArb }),
  },
);

/** An arbitrary stream operation. */
export const streamOpArb: fc.Arbitrary<StreamOp> = fc.oneof(
  { weight: 6, arbitrary: commandArb.map((command) => ({ kind: 'command' as const, command })) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      pick: fc.nat(),
      outcome: fc.constantFrom('ok' as const, 'ok' as const, 'fail' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('exit' as const),
      instance: instanceArb,
      staleGeneration: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('frame' as const),
      instance: instanceArb,
      sequence: fc.integer({ min: 0, max: 5 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('forged' as const),
      instance: instanceArb,
      operation: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
    }),
  },
);

/** Counter seeds: mostly fresh, sometimes one or two values before the maximum. */
export const counterSeedsArb: fc.Arbitrary<CounterSeeds> = fc.record({
  nextOperationId: fc.constantFrom(null, null, null, COUNTER_MAX - 1, COUNTER_MAX),
  nextEventSequence: fc.constantFrom(null, null, null, COUNTER_MAX - 2, COUNTER_MAX),
  revision: fc.constantFrom(null, null, null, COUNTER_MAX - 2, COUNTER_MAX - 1),
});

const allFlags = (): ProviderRuntimePolicy => ({
  rawPtyLifecycle: true,
  semanticReadiness: true,
  structuredPrompt: true,
  providerSessionIdentity: true,
  semanticResume: true,
});

/** The command envelope of a generated command body. */
export function commandEnvelope(id: number, body: CommandBody) {
  const instanceId = AgentInstanceId.of(body.instance);
  const commandId = CommandId.of(id);
  switch (body.kind) {
    case 'register':
      return {
        id: commandId,
        command: {
          kind: 'register' as const,
          instanceId,
          agentId: AgentId.of('claude'),
          transport: body.transport,
        },
      };
    case 'start':
      return {
        id: commandId,
        command: {
          kind: 'start' as const,
          instanceId,
          runtimePolicy: body.semantic ? allFlags() : ProviderRuntimePolicy.rawPty(),
          request: {
            workingDirectory: body.directory,
            terminalSize: body.size,
            initialPrompt: body.semantic ? 'hello' : null,
            sessionOptions: null,
            approvalLevel: 'ask' as const,
          },
        },
      };
    case 'stop':
      return { id: commandId, command: { kind: 'stop' as const, instanceId, force: body.force } };
    case 'send-input':
      return {
        id: commandId,
        command: { kind: 'send-input' as const, instanceId, action: body.action },
      };
    case 'resize':
      return { id: commandId, command: { kind: 'resize' as const, instanceId, size: body.size } };
    case 'remove':
      return { id: commandId, command: { kind: 'remove' as const, instanceId } };
  }
}

/** The observation that closes an effect of `effectKind`, successfully or not. */
export function closingObservation(
  effectKind: string,
  outcome: 'ok' | 'fail',
  size: TerminalSize,
): ControlObservation {
  switch (effectKind) {
    case 'spawn':
      return outcome === 'ok'
        ? { kind: 'spawned', processId: 4_242 }
        : { kind: 'spawn-failed', message: 'spawn failed' };
    case 'stop':
      return outcome === 'ok'
        ? { kind: 'stop-completed', forced: true, exitCode: 0, finalTerminal: null }
        : { kind: 'stop-failed', message: 'stop failed' };
    case 'resize':
      return outcome === 'ok'
        ? { kind: 'resize-completed', size }
        : { kind: 'resize-failed', message: 'resize failed' };
    default:
      return outcome === 'ok'
        ? { kind: 'input-completed' }
        : { kind: 'input-failed', message: 'write failed' };
  }
}

/** A forged observation: an input completion with an arbitrary (often wrong) operation id. */
export function forgedObservation(
  instance: number,
  generation: number,
  operation: number | null,
): ObservationEnvelope {
  return {
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId: operation === null ? null : OperationId.of(operation),
    instanceId: AgentInstanceId.of(instance),
    generation: SessionGeneration.of(generation),
    observation: { kind: 'input-completed' },
  };
}

/** A stream: every instance registered first (so most commands meet a live session), then ops. */
export const streamArb: fc.Arbitrary<StreamOp[]> = fc
  .array(streamOpArb, { minLength: 4, maxLength: 30 })
  .map((ops) => [
    ...[1, 2, 3].map(
      (instance): StreamOp => ({
        kind: 'command',
        command: { kind: 'register', instance, transport: 'pty' },
      }),
    ),
    ...ops,
  ]);
