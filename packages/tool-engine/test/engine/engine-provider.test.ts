// Ported from crates/gate4agent-tool-engine/src/engine.rs (mod tests): provider runtime queries
// and provider detach.
import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { engineStateOf, ToolEngine } from '../../src/engine/tool-engine.js';
import {
  configured,
  grant,
  internal,
  provider,
  providerId,
  request,
  requestKey,
  succeed,
} from './engine-fixtures.js';

describe('engine: provider runtime', () => {
  it('provider_runtime_queries_preserve_registered_descriptors', () => {
    const engine = new ToolEngine();
    expect(engine.providerExists(providerId())).toBe(false);
    expect(engine.providerDescriptor(providerId())).toBeUndefined();
    expect(unwrapErr(engine.detachProviderRuntime(providerId())).kind).toBe(
      'unknown-runtime-provider',
    );

    const descriptor = provider();
    unwrap(engine.registerProvider(descriptor));
    expect(engine.providerExists(providerId())).toBe(true);
    expect(engine.providerDescriptor(providerId())).toEqual(descriptor);
    expect(unwrap(engine.detachProviderRuntime(providerId()))).toBe(0);
    expect(engine.providerDescriptor(providerId())).toEqual(descriptor);
  });

  it('provider_detach_closes_pre_dispatch_request_without_removing_policy', () => {
    const engine = configured('require-approval');
    const descriptor = structuredClone(engine.providerDescriptor(providerId()));
    const policy = grant('require-approval').key;
    unwrap(engine.request(request(1, 1, 100)));
    expect(internal(engine).storedPayload(requestKey(1)).length).toBeGreaterThan(0);

    expect(unwrap(engine.detachProviderRuntime(providerId()))).toBe(1);
    expect(internal(engine).storedPayload(requestKey(1)).length).toBe(0);
    expect(engine.requestSnapshot(requestKey(1))?.status).toEqual({
      kind: 'provider-detached',
      operationId: null,
      cancellation: 'not-required',
    });
    expect(engine.providerDescriptor(providerId())).toEqual(descriptor);
    expect(internal(engine).grantMode(policy)).toBe('require-approval');
    expect(engine.drainEffects()).toEqual([]);
    expect(engine.drainCompletions().completions[0]?.outcome).toEqual({
      kind: 'provider-detached',
      cancellation: 'not-required',
    });
    expect(
      engine
        .snapshot()
        .auditEvents.some(
          ({ event }) =>
            event.kind === 'request-provider-detached' &&
            event.operationId === null &&
            event.cancellation === 'not-required',
        ),
    ).toBe(true);
  });

  it('provider_detach_removes_all_queued_invokes_and_fences_late_results', () => {
    const engine = configured('allow');
    unwrap(engine.request(request(1, 1, 100)));
    unwrap(engine.request(request(2, 1, 100)));
    const lateInvoke = engineStateOf(engine).effects[0]!;

    expect(unwrap(engine.detachProviderRuntime(providerId()))).toBe(2);
    expect(engine.drainEffects()).toEqual([]);
    for (const id of [1, 2]) {
      const status = engine.requestSnapshot(requestKey(id))?.status;
      expect(status?.kind).toBe('provider-detached');
      if (status?.kind !== 'provider-detached') throw new Error('unreachable');
      expect(status.operationId).not.toBeNull();
      expect(status.cancellation).toBe('queued-invoke-removed');
    }
    const completionBatch = engine.drainCompletions();
    expect(completionBatch.completions).toHaveLength(2);
    expect(
      completionBatch.completions.every(
        (completion) =>
          completion.outcome.kind === 'provider-detached' &&
          completion.outcome.cancellation === 'queued-invoke-removed',
      ),
    ).toBe(true);

    unwrap(engine.applyObservation(succeed(lateInvoke)));
    expect(engine.requestSnapshot(requestKey(1))?.status).toMatchObject({
      kind: 'provider-detached',
      cancellation: 'queued-invoke-removed',
    });
    expect(engine.snapshot().auditEvents.at(-1)?.event).toMatchObject({
      kind: 'observation-ignored',
      reason: 'request-not-dispatched',
    });
  });

  it('provider_detach_marks_drained_execution_unconfirmed_without_cancel_effect', () => {
    const engine = configured('allow');
    unwrap(engine.request(request(1, 1, 100)));
    const invoke = engine.drainEffects().pop()!;

    expect(unwrap(engine.detachProviderRuntime(providerId()))).toBe(1);
    expect(engine.drainEffects()).toEqual([]);
    expect(engine.requestSnapshot(requestKey(1))?.status).toEqual({
      kind: 'provider-detached',
      operationId: invoke.operationId,
      cancellation: 'provider-detached-unconfirmed',
    });
    expect(engine.drainCompletions().completions[0]?.outcome).toEqual({
      kind: 'provider-detached',
      cancellation: 'provider-detached-unconfirmed',
    });
  });

  it('provider_detach_purges_cancel_already_queued_for_terminal_request', () => {
    const engine = configured('allow');
    const policyKey = grant('allow').key;
    unwrap(engine.request(request(1, 1, 100)));
    const invoke = engine.drainEffects().pop()!;

    expect(unwrap(internal(engine).revokeGrant(policyKey))).toBe(true);
    const effects = engineStateOf(engine).effects;
    expect(effects[0]?.effect).toEqual({ kind: 'cancel', reason: 'grant-revoked' });
    expect(effects[0]?.operationId).toBe(invoke.operationId);

    expect(unwrap(engine.detachProviderRuntime(providerId()))).toBe(0);
    expect(engine.drainEffects()).toEqual([]);
    expect(engine.requestSnapshot(requestKey(1))?.status.kind).toBe('grant-revoked');
  });
});
