// Bad input mixed into valid command streams: every bad call is refused with a typed error and
// changes nothing, so the engine ends deep-equal to a twin that never saw it, and every snapshot
// it publishes passes its own codec.

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
  CAPABILITY_PROTOCOL_VERSION,
  CapabilityObservation,
  CapabilityObservationEnvelope,
  TOOL_APPROVAL_SUMMARY_MAX_BYTES,
  TOOL_RESOURCE_SCOPE_ID_MAX_BYTES,
  ToolAuthorityEnvelope,
  ToolEngineSnapshot,
  ToolOperationId,
} from '@gate4agent/tool-protocol';
import { AgentInstanceId, Gate4AgentError, SessionGeneration } from '@gate4agent/types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolEngine } from '../../src/engine/tool-engine.js';
import { grant, provider, request, requestKey } from '../engine/engine-fixtures.js';
import { type Command, command, run, world } from './command-stream.js';

interface BadCall {
  readonly name: string;
  readonly call: (engine: ToolEngine) => unknown;
}

const bad = (name: string, call: (engine: ToolEngine) => unknown): BadCall => ({ name, call });
const INSTANCE = AgentInstanceId.of(41);
const GENERATION = SessionGeneration.of(1);
const notString = wrongType.filter((value) => typeof value !== 'string');
const badId = fc.oneof(badText, overLength(TOOL_RESOURCE_SCOPE_ID_MAX_BYTES), notString);

const requestField = fc.oneof(
  badScalar.map((value) => [['request', 'deadlineTick'], value] as const),
  badScalar.map((value) => [['request', 'localId'], value] as const),
  badNumber.map((value) => [['request', 'generation'], value] as const),
  badNumber.map((value) => [['request', 'instanceId'], value] as const),
  badNumber.map((value) => [['protocolVersion'], value] as const),
  fc
    .constantFrom('payload', [1, 2, 3], 7, null)
    .map((value) => [['request', 'payload'], value] as const),
  fc
    .oneof(
      fc.constant(42),
      wrongType.filter((value) => typeof value !== 'string'),
    )
    .map((value) => [['request', 'approvalSummary'], value] as const),
  fc
    .oneof(badText, overLength(TOOL_APPROVAL_SUMMARY_MAX_BYTES))
    .map((value) => [['request', 'approvalSummary'], value] as const),
  badId.map((value) => [['request', 'resourceScopeId'], value] as const),
  badId.map((value) => [['request', 'providerId'], value] as const),
  badId.map((value) => [['consumerId'], value] as const),
  badId.map((value) => [['actorId'], value] as const),
);

const observationTemplate = () =>
  CapabilityObservationEnvelope.of({
    protocolVersion: CAPABILITY_PROTOCOL_VERSION,
    operationId: ToolOperationId.of(1),
    requestKey: requestKey(1),
    instanceId: INSTANCE,
    generation: GENERATION,
    providerId: provider().id,
    observation: CapabilityObservation.failed({ kind: 'unavailable', message: 'down' } as never),
  });

const observationField = fc.oneof(
  badScalar.map((value) => [['operationId'], value] as const),
  badNumber.map((value) => [['generation'], value] as const),
  fc.constant([['observation', 'kind'], 'exploded'] as const),
  wrongType.map((value) => [['observation'], value] as const),
  badId.map((value) => [['requestKey', 'consumerId'], value] as const),
);

const authorityCommand = fc.oneof(
  fc.constant({ kind: 'set-grant', grant: withField(grant('allow'), ['mode'], 'maybe') }),
  badId.map((value) => ({
    kind: 'set-grant',
    grant: withField(grant('allow'), ['key', 'resourceScopeId'], value),
  })),
  badNumber.map((value) => ({
    kind: 'revoke-grant',
    key: withField(grant('allow').key, ['generation'], value),
  })),
  fc.constant({ kind: 'launch-missiles' }),
  wrongType,
);

const badCall: fc.Arbitrary<BadCall> = fc.oneof(
  badScalar.map((tick) => bad(`advanceTime(${String(tick)})`, (e) => e.advanceTime(tick as never))),
  badScalar.map((value) =>
    bad('setGeneration(bad generation)', (e) => e.setGeneration(INSTANCE, value as never)),
  ),
  badScalar.map((value) =>
    bad('setGeneration(bad instance)', (e) => e.setGeneration(value as never, GENERATION)),
  ),
  fc
    .oneof(fc.constant('dormant'), wrongType)
    .map((value) =>
      bad('setInstanceState(bad state)', (e) =>
        e.setInstanceState(INSTANCE, GENERATION, value as never),
      ),
    ),
  badScalar.map((value) => bad('removeInstance', (e) => e.removeInstance(value as never))),
  badId.map((value) =>
    bad('detachProviderRuntime', (e) => e.detachProviderRuntime(value as never)),
  ),
  fc
    .tuple(fc.oneof(badNumber, fc.constant(Number.POSITIVE_INFINITY)), fc.constant(null))
    .map(([sequence]) =>
      bad(`applyAuthority(sequence ${sequence})`, (e) =>
        e.applyAuthority(
          ToolAuthorityEnvelope.new(sequence, { kind: 'revoke-grant', key: grant('allow').key }),
        ),
      ),
    ),
  authorityCommand.map((value) =>
    bad('applyAuthority(bad command)', (e) =>
      e.applyAuthority(ToolAuthorityEnvelope.new(1_000_000, value as never)),
    ),
  ),
  requestField.map(([path, value]) =>
    bad(`request(${path.join('.')})`, (e) =>
      e.request(withField(request(1, 1, 5), path, value) as never),
    ),
  ),
  observationField.map(([path, value]) =>
    bad(`applyObservation(${path.join('.')})`, (e) =>
      e.applyObservation(withField(observationTemplate(), path, value) as never),
    ),
  ),
  badId.map((value) =>
    bad('registerProvider(bad id)', (e) =>
      e.registerProvider(withField(provider(), ['id'], value) as never),
    ),
  ),
  wrongType.map((value) =>
    bad('registerProvider(wrong type)', (e) => e.registerProvider(value as never)),
  ),
);

/** Whether `result` is a refused Result with a typed error (or a thrown Gate4AgentError). */
function refused(call: BadCall, engine: ToolEngine): void {
  const result = call.call(engine) as { ok: boolean; error?: { kind: string; message: string } };
  if (result.ok !== false || typeof result.error?.kind !== 'string') {
    throw new Error(`${call.name} was not refused: ${JSON.stringify(result)}`);
  }
  if (!['invalid-input', 'validation'].includes(result.error.kind)) {
    throw new Error(`${call.name} was refused as ${result.error.kind}: ${result.error.message}`);
  }
}

function decodes(snapshot: unknown): void {
  const encoded = ToolEngineSnapshot.codec.encode(snapshot as ToolEngineSnapshot);
  const decoded = ToolEngineSnapshot.codec.decode(encoded);
  if (!decoded.ok) throw new Error(`snapshot does not decode: ${decoded.error.message}`);
}

const stream = fc.array(command, { maxLength: 6 });
const scheduled = fc.array(fc.tuple(fc.nat({ max: 6 }), badCall), { minLength: 1, maxLength: 4 });

describe('tool engine refuses bad input', () => {
  it('leaves the engine as a twin that never saw the bad calls, and every snapshot decodes', {
    timeout: 600_000,
  }, () => {
    console.info(`tool-engine bad-input seed ${BAD_INPUT_SEED}, ${BAD_INPUT_RUNS} runs`);
    fc.assert(
      fc.property(stream, scheduled, (commands: Command[], calls) => {
        const twin = run(world(), commands, { snapshots: true });
        let step = 0;
        const subject = world();
        const trace = run(subject, commands, {
          snapshots: true,
          before(engine) {
            for (const [at, call] of calls) if (at === step) refused(call, engine);
            step += 1;
          },
        });
        for (const [at, call] of calls) if (at >= step) refused(call, subject);
        expect(trace.results).toEqual(twin.results);
        expect(trace.effects).toEqual(twin.effects);
        expect(trace.completions).toEqual(twin.completions);
        expect(trace.snapshots).toEqual(twin.snapshots);
        decodes(trace.snapshots.at(-1));
        expect(subject.snapshot()).toEqual(twin.snapshots.at(-1));
      }),
      { numRuns: BAD_INPUT_RUNS, seed: BAD_INPUT_SEED },
    );
  });

  it('throws Gate4AgentError from evaluatePolicy on a malformed envelope', () => {
    const engine = world();
    const malformed = withField(request(1, 1, 5), ['request', 'deadlineTick'], Number.NaN);
    expect(() => engine.evaluatePolicy(malformed as never)).toThrow(Gate4AgentError);
  });

  it('names the method, the value and what to do in an invalid-input message', () => {
    const result = world().advanceTime(Number.NaN);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ kind: 'invalid-input', method: 'advanceTime' });
    expect(result.error.message).toBe(
      `tool engine refused advanceTime: tick must be an integer from 0 to ${Number.MAX_SAFE_INTEGER}, got NaN. Nothing was changed; pass a value of the documented type and retry`,
    );
  });

  it('refuses an authority sequence of Infinity and keeps the lane open', () => {
    const engine = world();
    const key = grant('allow').key;
    expect(
      engine.applyAuthority(
        ToolAuthorityEnvelope.new(Number.POSITIVE_INFINITY, { kind: 'revoke-grant', key }),
      ).ok,
    ).toBe(false);
    expect(
      engine.applyAuthority(ToolAuthorityEnvelope.new(1, { kind: 'revoke-grant', key })).ok,
    ).toBe(true);
  });

  it('refuses a NaN deadline, so no client slot is held', () => {
    const engine = world();
    const malformed = withField(request(1, 1, 5), ['request', 'deadlineTick'], Number.NaN);
    expect(engine.request(malformed as never)).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' },
    });
    expect(engine.openRequestCount).toBe(0);
  });
});
