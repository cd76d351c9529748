import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilityContribution,
  CapabilityDescriptor,
  CapabilitySet,
  CapabilitySource,
  CapabilityValue,
  CodeCatalogGeneration,
  SessionCapabilityBatch,
} from '../../src/index.js';
import {
  digest,
  leaseCounters,
  provider,
  testSession,
  useGeneration,
  useToolSet,
  VersionedTool,
} from '../../src/testing/index.js';

function hostSet(generation: number) {
  const source = unwrap(CapabilitySource.host('runtime', digest('a')));
  const descriptor = unwrap(
    CapabilityDescriptor.create(source, 'tool', 'host-tool', 'host-tool', digest('b')),
  );
  return {
    set: unwrap(
      CapabilitySet.fromContributions(CodeCatalogGeneration.of(generation), [
        unwrap(CapabilityContribution.create(source, [descriptor])),
      ]),
    ),
    id: descriptor.id,
  };
}

describe('SessionCapabilityBatch', () => {
  it('pairs a cursor with a provider and nothing else', () => {
    const upstream = useGeneration(1, 'a');
    const { set } = useToolSet(1, upstream, [['projected', 'b']]);
    expect(unwrapErr(SessionCapabilityBatch.create(set))).toMatchObject({
      kind: 'missing-use-lease-provider',
    });
    expect(
      unwrapErr(
        SessionCapabilityBatch.fromUseProjection(
          hostSet(1).set,
          provider(upstream, leaseCounters()),
        ),
      ),
    ).toMatchObject({
      kind: 'unexpected-use-lease-provider',
    });
    expect(
      unwrapErr(
        SessionCapabilityBatch.fromUseProjection(
          set,
          provider(useGeneration(1, 'b'), leaseCounters()),
        ),
      ),
    ).toMatchObject({
      kind: 'use-lease-provider-mismatch',
      expectedGeneration: 1,
      actualGeneration: 1,
      revisionMismatch: true,
      registryRevisionMismatch: false,
    });
  });

  it('refuses unknown and duplicate staging and counts what is staged', () => {
    const upstream = useGeneration(1, 'a');
    const { set, ids } = useToolSet(1, upstream, [['projected', 'b']]);
    const batch = unwrap(
      SessionCapabilityBatch.fromUseProjection(set, provider(upstream, leaseCounters())),
    );
    expect(batch.isEmpty).toBe(true);
    const value = CapabilityValue.tool(new VersionedTool('projected', 'v', []));
    expect(unwrapErr(batch.stageValue(hostSet(1).id, value))).toMatchObject({
      kind: 'projection',
      cause: { kind: 'unknown-staged-capability' },
    });
    unwrap(batch.stageValue(ids.projected!, value));
    expect(unwrapErr(batch.stageValue(ids.projected!, value))).toMatchObject({
      kind: 'projection',
      innerKind: 'duplicate-staged-capability',
    });
    expect(batch.len).toBe(1);
  });

  it('publishes a cursor-less batch and admits runs on it without a lease', async () => {
    const session = testSession('host-batch');
    const { set, id } = hostSet(1);
    const batch = unwrap(SessionCapabilityBatch.create(set));
    unwrap(batch.stageValue(id, CapabilityValue.tool(new VersionedTool('host-tool', 'v', []))));
    expect(unwrap(await session.applyCapabilityBatch(batch)).committed.generation).toBe(1);
    const run = unwrap(await session.admitCapabilityRun());
    expect(run.projection.len).toBe(1);
    expect(run.runScope.useGeneration).toBeNull();
    unwrap(await run.close());
    run.release();
  });

  it('is single use and checks the target generation at apply time', async () => {
    const session = testSession('host-batch-reuse');
    const { set, id } = hostSet(2);
    const batch = unwrap(SessionCapabilityBatch.create(set));
    unwrap(batch.stageValue(id, CapabilityValue.tool(new VersionedTool('host-tool', 'v', []))));
    expect(await session.applyCapabilityBatch(batch)).toMatchObject({
      ok: false,
      error: {
        kind: 'projection',
        cause: { kind: 'target-generation-mismatch', expected: 1, actual: 2 },
      },
    });
    expect(batch.consumed).toBe(true);
    expect(await session.applyCapabilityBatch(batch)).toMatchObject({
      ok: false,
      error: { innerKind: 'invalid-transaction-state' },
    });
    expect(
      unwrapErr(
        batch.stageValue(id, CapabilityValue.tool(new VersionedTool('host-tool', 'v', []))),
      ),
    ).toMatchObject({
      innerKind: 'invalid-transaction-state',
    });
  });

  it('honours a caller signal that fired before the apply started', async () => {
    const session = testSession('host-batch-pre-cancelled');
    const { set, id } = hostSet(1);
    const batch = unwrap(SessionCapabilityBatch.create(set));
    unwrap(batch.stageValue(id, CapabilityValue.tool(new VersionedTool('host-tool', 'v', []))));
    expect(await session.applyCapabilityBatch(batch, AbortSignal.abort())).toMatchObject({
      ok: false,
      error: { kind: 'cancelled' },
    });
    expect(session.capabilityCatalogStamp().generation).toBe(0);
  });
});
