import {
  CapabilityObservation,
  CapabilityResult,
  CapabilityResultDelivery,
  TOOL_COMPLETIONS_MAX,
  ToolActorId,
  ToolOperationId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { AgentInstanceId, SessionGeneration, unwrap, utf8Encode } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { engineStateOf } from '../../src/engine/tool-engine.js';
import { configured, request, requestKey, succeed } from '../engine/engine-fixtures.js';

function dispatched() {
  const engine = configured('allow');
  unwrap(engine.request(request(1, 1, 100)));
  const invoke = engine.drainEffects()[0]!;
  return { engine, invoke };
}

describe('applyObservation', () => {
  it('ignores each fence violation with its reason, bumping the revision and auditing it', () => {
    const cases = [
      [
        'unknown-request',
        (o: ReturnType<typeof succeed>) => {
          o.requestKey = { ...o.requestKey, actorId: ToolActorId.of('x') };
        },
      ],
      [
        'stale-generation',
        (o: ReturnType<typeof succeed>) => {
          o.generation = SessionGeneration.of(2);
        },
      ],
      [
        'instance-mismatch',
        (o: ReturnType<typeof succeed>) => {
          o.instanceId = AgentInstanceId.of(7);
        },
      ],
      [
        'provider-mismatch',
        (o: ReturnType<typeof succeed>) => {
          o.providerId = ToolProviderId.of('gate.other');
        },
      ],
      [
        'operation-mismatch',
        (o: ReturnType<typeof succeed>) => {
          o.operationId = ToolOperationId.of(o.operationId + 1);
        },
      ],
    ] as const;
    for (const [reason, tamper] of cases) {
      const { engine, invoke } = dispatched();
      const observation = succeed(invoke);
      tamper(observation);
      const revision = engine.snapshot().revision;
      expect(unwrap(engine.applyObservation(observation))).toEqual({ kind: 'ignored', reason });
      const snapshot = engine.snapshot();
      expect(snapshot.revision).toBe(revision + 1);
      const last = snapshot.auditEvents.at(-1)!;
      expect(last.event).toEqual({
        kind: 'observation-ignored',
        operationId: observation.operationId,
        reason,
      });
      expect(last.subject === null).toBe(reason === 'unknown-request');
      expect(engine.requestSnapshot(requestKey(1))?.status.kind).toBe('dispatched');
      expect(engine.drainCompletions().completions).toEqual([]);
    }
  });

  it('checks the generation before the instance, and never completes a request twice', () => {
    const { engine, invoke } = dispatched();
    const both = succeed(invoke);
    both.generation = SessionGeneration.of(2);
    both.instanceId = AgentInstanceId.of(7);
    expect(unwrap(engine.applyObservation(both))).toEqual({
      kind: 'ignored',
      reason: 'stale-generation',
    });
    expect(unwrap(engine.applyObservation(succeed(invoke)))).toEqual({ kind: 'applied' });
    expect(unwrap(engine.applyObservation(succeed(invoke)))).toEqual({
      kind: 'ignored',
      reason: 'request-not-dispatched',
    });
    expect(engine.drainCompletions().completions).toHaveLength(1);
  });

  it('times out a result that arrives at the deadline before the clock moved', () => {
    const { engine, invoke } = dispatched();
    engineStateOf(engine).currentTick = 100;
    expect(unwrap(engine.applyObservation(succeed(invoke)))).toEqual({
      kind: 'ignored',
      reason: 'deadline-elapsed',
    });
    expect(engine.requestSnapshot(requestKey(1))?.status).toEqual({
      kind: 'timed-out',
      operationId: invoke.operationId,
      cancellation: 'cancel-queued-unconfirmed',
    });
    expect(engine.drainEffects()[0]?.effect).toEqual({
      kind: 'cancel',
      reason: 'deadline-elapsed',
    });
    expect(
      engine
        .snapshot()
        .auditEvents.slice(-2)
        .map(({ event }) => event.kind),
    ).toEqual(['request-timed-out', 'observation-ignored']);
  });

  it('fails a request whose provider broke the result contract', () => {
    const { engine, invoke } = dispatched();
    const observation = succeed(invoke);
    observation.observation = CapabilityObservation.succeeded(
      CapabilityResult.of({
        metadata: { byteLen: 3, mediaType: null, truncated: false, redactedSummary: null },
        delivery: CapabilityResultDelivery.inline(utf8Encode('{}') as Uint8Array<ArrayBuffer>),
      }),
    );
    expect(unwrap(engine.applyObservation(observation))).toEqual({ kind: 'applied' });
    const failure = { kind: 'provider-contract-violation', redactedMessage: null };
    expect(engine.requestSnapshot(requestKey(1))?.status).toEqual({
      kind: 'failed',
      operationId: invoke.operationId,
      failure,
    });
    expect(engine.drainCompletions().completions[0]?.outcome).toEqual({ kind: 'failed', failure });
  });

  it('orders the invocation audit around a dropped completion as upstream does', () => {
    const run = (broken: boolean) => {
      const { engine, invoke } = dispatched();
      const filler = configured(null);
      unwrap(filler.request(request(99, 1, 100)));
      const denial = filler.drainCompletions().completions[0]!;
      engineStateOf(engine).completions = Array.from(
        { length: TOOL_COMPLETIONS_MAX },
        () => denial,
      );
      const observation = succeed(invoke);
      if (broken)
        observation.observation = CapabilityObservation.failed({
          kind: 'execution',
          redactedMessage: 'a\nb',
        });
      unwrap(engine.applyObservation(observation));
      return engine
        .snapshot()
        .auditEvents.slice(-2)
        .map(({ event }) => event.kind);
    };
    expect(run(false)).toEqual(['completion-dropped', 'invocation-succeeded']);
    expect(run(true)).toEqual(['invocation-failed', 'completion-dropped']);
  });

  it('keeps only the metadata in the snapshot and the bytes only in the completion', () => {
    const { engine, invoke } = dispatched();
    unwrap(engine.applyObservation(succeed(invoke)));
    const status = engine.requestSnapshot(requestKey(1))?.status;
    expect(status).toEqual({
      kind: 'succeeded',
      operationId: invoke.operationId,
      result: {
        byteLen: 2,
        mediaType: 'application/json',
        truncated: false,
        redactedSummary: 'page snapshot captured',
      },
    });
    expect(engine.snapshot().auditEvents.at(-1)?.event).toEqual({
      kind: 'invocation-succeeded',
      operationId: invoke.operationId,
      resultBytes: 2,
      truncated: false,
    });
    const outcome = engine.drainCompletions().completions[0]?.outcome;
    if (outcome?.kind !== 'succeeded' || outcome.result.delivery.kind !== 'inline')
      throw new Error('expected bytes');
    expect(Array.from(outcome.result.delivery.bytes)).toEqual([123, 125]);
  });
});
