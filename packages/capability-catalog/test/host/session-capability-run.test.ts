import { ok, type Result, unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilityCatalog,
  CapabilityCeiling,
  CapabilityContribution,
  CapabilityDescriptor,
  CapabilityProjection,
  CapabilityReadinessPlan,
  CapabilitySet,
  CapabilitySource,
  CapabilityValue,
  CodeCatalogGeneration,
  type RetainedUseGeneration,
  SessionCapabilityRun,
  type UseGenerationLeaseError,
  type UseGenerationLeaseProvider,
} from '../../src/index.js';
import {
  digest,
  Latch,
  leaseCounters,
  provider,
  useGeneration,
  useToolSet,
  VersionedTool,
  waitUntil,
} from '../../src/testing/index.js';

function publish(
  set: CapabilitySet,
  id: Parameters<CapabilityProjection['get']>[0],
  leaseProvider: UseGenerationLeaseProvider | null,
) {
  const catalog = new CapabilityCatalog();
  const plan = unwrap(CapabilityReadinessPlan.build(set));
  const projection = unwrap(
    CapabilityProjection.with(set, plan, [
      [id, CapabilityValue.tool(new VersionedTool(id.localId, 'v', []))],
    ]),
  );
  unwrap(catalog.publish(catalog.currentStamp(), projection, leaseProvider, []));
  return catalog;
}

const admit = (catalog: CapabilityCatalog, signal = new AbortController().signal) => {
  const pin = catalog.pin();
  return SessionCapabilityRun.admit(
    pin,
    'active',
    'active',
    unwrap(CapabilityCeiling.all(pin.projection.set)),
    signal,
  );
};

describe('SessionCapabilityRun.admit', () => {
  it('refuses a cursor without a provider and a provider without a cursor, releasing the pin', async () => {
    const upstream = useGeneration(1, 'a');
    const { set, ids } = useToolSet(1, upstream, [['projected', 'b']]);
    const withoutProvider = publish(set, ids.projected!, null);
    expect(await admit(withoutProvider)).toMatchObject({
      ok: false,
      error: { kind: 'missing-use-lease-provider' },
    });
    const source = unwrap(CapabilitySource.host('runtime', digest('a')));
    const descriptor = unwrap(
      CapabilityDescriptor.create(source, 'tool', 'host-tool', 'host-tool', digest('b')),
    );
    const hostSet = unwrap(
      CapabilitySet.fromContributions(CodeCatalogGeneration.of(1), [
        unwrap(CapabilityContribution.create(source, [descriptor])),
      ]),
    );
    const counters = leaseCounters();
    const unexpected = publish(hostSet, descriptor.id, provider(upstream, counters));
    expect(await admit(unexpected)).toMatchObject({
      ok: false,
      error: { kind: 'unexpected-use-lease-provider' },
    });
    expect(counters.acquired).toBe(0);
  });

  it('is cancelled by an aborted signal before anything is acquired', async () => {
    const upstream = useGeneration(1, 'a');
    const { set, ids } = useToolSet(1, upstream, [['projected', 'b']]);
    const counters = leaseCounters();
    const catalog = publish(set, ids.projected!, provider(upstream, counters));
    expect(await admit(catalog, AbortSignal.abort())).toMatchObject({
      ok: false,
      error: { kind: 'cancelled' },
    });
    expect(counters.acquired).toBe(0);
  });

  it('releases a lease that arrives after admission was cancelled', async () => {
    const upstream = useGeneration(1, 'a');
    const { set, ids } = useToolSet(1, upstream, [['projected', 'b']]);
    const entered = new Latch();
    const release = new Latch();
    let dropped = 0;
    const slow: UseGenerationLeaseProvider = {
      useGeneration: upstream,
      async acquire(): Promise<Result<RetainedUseGeneration, UseGenerationLeaseError>> {
        entered.signal();
        await release.wait();
        return ok({ useGeneration: upstream, [Symbol.dispose]: () => void dropped++ });
      },
    };
    const catalog = publish(set, ids.projected!, slow);
    const cancellation = new AbortController();
    const admission = admit(catalog, cancellation.signal);
    await entered.wait();
    cancellation.abort();
    expect(await admission).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    release.signal();
    await waitUntil(() => dropped === 1);
    expect(dropped).toBe(1);
  });

  it('turns a thrown acquisition into use-lease-acquisition', async () => {
    const upstream = useGeneration(1, 'a');
    const { set, ids } = useToolSet(1, upstream, [['projected', 'b']]);
    const throwing: UseGenerationLeaseProvider = {
      useGeneration: upstream,
      acquire: async () => {
        throw new Error('registry offline');
      },
    };
    expect(await admit(publish(set, ids.projected!, throwing))).toMatchObject({
      ok: false,
      error: { kind: 'use-lease-acquisition', detail: 'registry offline' },
    });
  });

  it('releases the lease exactly once through asyncDispose', async () => {
    const upstream = useGeneration(1, 'a');
    const { set, ids } = useToolSet(1, upstream, [['projected', 'b']]);
    const counters = leaseCounters();
    const catalog = publish(set, ids.projected!, provider(upstream, counters));
    {
      await using run = unwrap(await admit(catalog));
      expect(run.stamp.generation).toBe(1);
    }
    expect(counters).toEqual({ acquired: 1, dropped: 1 });
  });
});
