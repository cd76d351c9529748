import { CAPABILITY_PROTOCOL_VERSION, type ToolAuthorityCommand } from '@gate4agent/tool-protocol';
import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { engineStateOf } from '../../src/engine/tool-engine.js';
import {
  actor,
  configured,
  consumer,
  generation,
  grant,
  request,
} from '../engine/engine-fixtures.js';

const envelope = (sequence: number, command: ToolAuthorityCommand) => ({
  protocolVersion: CAPABILITY_PROTOCOL_VERSION,
  sequence,
  command,
});

describe('applyAuthority', () => {
  it('rejects sequence 0 and a sequence not above the last applied one, without mutating', () => {
    const engine = configured(null);
    const before = engine.snapshot();
    expect(
      unwrapErr(engine.applyAuthority(envelope(0, { kind: 'set-grant', grant: grant('allow') }))),
    ).toMatchObject({
      kind: 'validation',
      error: { kind: 'zero-identifier', field: 'tool authority sequence' },
    });
    expect(engine.snapshot()).toEqual(before);
    unwrap(engine.applyAuthority(envelope(5, { kind: 'set-grant', grant: grant('allow') })));
    expect(
      unwrapErr(
        engine.applyAuthority(envelope(5, { kind: 'revoke-grant', key: grant('allow').key })),
      ),
    ).toMatchObject({
      kind: 'authority-sequence-regressed',
      current: 5,
      requested: 5,
    });
    expect(
      unwrapErr(
        engine.applyAuthority(envelope(4, { kind: 'revoke-grant', key: grant('allow').key })),
      ).kind,
    ).toBe('authority-sequence-regressed');
  });

  it('allows gaps and leaves a failed command retryable under the same sequence', () => {
    const engine = configured(null);
    const stale = grant('allow');
    stale.key.generation = generation(9);
    expect(
      unwrapErr(engine.applyAuthority(envelope(10, { kind: 'set-grant', grant: stale }))).kind,
    ).toBe('policy-generation-mismatch');
    expect(engineStateOf(engine).lastAuthoritySequence).toBe(0);
    expect(
      unwrap(engine.applyAuthority(envelope(10, { kind: 'set-grant', grant: grant('allow') }))),
    ).toEqual({
      kind: 'grant-set',
    });
    expect(engineStateOf(engine).lastAuthoritySequence).toBe(10);
  });

  it('consumes the sequence on no-op outcomes', () => {
    const engine = configured('allow');
    expect(
      unwrap(engine.applyAuthority(envelope(1, { kind: 'set-grant', grant: grant('allow') }))),
    ).toEqual({
      kind: 'grant-set',
    });
    expect(
      unwrap(engine.applyAuthority(envelope(2, { kind: 'revoke-grant', key: grant('allow').key }))),
    ).toEqual({
      kind: 'grant-revoked',
      existed: true,
    });
    expect(
      unwrap(engine.applyAuthority(envelope(3, { kind: 'revoke-grant', key: grant('allow').key }))),
    ).toEqual({
      kind: 'grant-revoked',
      existed: false,
    });
    expect(
      unwrapErr(
        engine.applyAuthority(envelope(3, { kind: 'revoke-grant', key: grant('allow').key })),
      ).kind,
    ).toBe('authority-sequence-regressed');
  });

  it('closes a client with nothing to close and still moves the revision', () => {
    const engine = configured(null);
    const revision = engine.snapshot().revision;
    expect(
      unwrap(
        engine.applyAuthority(
          envelope(1, { kind: 'close-client', consumerId: consumer(), actorId: actor() }),
        ),
      ),
    ).toEqual({ kind: 'client-closed', purgedGrantCount: 0, closedRequestCount: 0 });
    expect(engine.snapshot().revision).toBe(revision + 1);
    expect(engine.snapshot().auditEvents.at(-1)?.event).toEqual({
      kind: 'client-closed',
      consumerId: consumer(),
      actorId: actor(),
      purgedGrantCount: 0,
      closedRequestCount: 0,
    });
  });

  it('closes a dispatched request with one cancel and audits it before client-closed', () => {
    const engine = configured('allow');
    unwrap(engine.request(request(1, 1, 100)));
    const [invoke] = engine.drainEffects();
    unwrap(
      engine.applyAuthority(
        envelope(1, { kind: 'close-client', consumerId: consumer(), actorId: actor() }),
      ),
    );
    expect(engine.drainEffects().map(({ operationId, effect }) => [operationId, effect])).toEqual([
      [invoke?.operationId, { kind: 'cancel', reason: 'client-closed' }],
    ]);
    expect(
      engine
        .snapshot()
        .auditEvents.slice(-2)
        .map(({ event }) => event.kind),
    ).toEqual(['request-client-closed', 'client-closed']);
    expect(engine.drainCompletions().completions[0]?.outcome).toEqual({
      kind: 'client-closed',
      cancellation: 'cancel-queued-unconfirmed',
    });
  });
});
