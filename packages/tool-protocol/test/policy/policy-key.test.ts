import { AgentInstanceId, SessionGeneration } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  ConsumerId,
  comparePolicyKey,
  PolicyKey,
  ResourceScopeId,
  ToolActorId,
  ToolCapabilityId,
  ToolProviderId,
} from '../../src/index.js';
import { policyKey } from '../support/fixtures.js';

describe('comparePolicyKey', () => {
  it('is 0 for equal keys', () => {
    expect(comparePolicyKey(policyKey(), policyKey())).toBe(0);
    expect(PolicyKey.compare).toBe(comparePolicyKey);
  });

  it('orders by each field in declaration order, earlier fields first', () => {
    const base = policyKey();
    const larger: Partial<PolicyKey>[] = [
      { consumerId: ConsumerId.of('station.tesu') },
      { actorId: ToolActorId.of('agent.primarz') },
      { instanceId: AgentInstanceId.of(12) },
      { generation: SessionGeneration.of(4) },
      { providerId: ToolProviderId.of('gate.browsez') },
      { capabilityId: ToolCapabilityId.of('browser.page.snapshou') },
      { resourceScopeId: ResourceScopeId.of('workspace:test/page:activf') },
    ];
    for (const [index, change] of larger.entries()) {
      const bigger = policyKey(change);
      expect(comparePolicyKey(base, bigger)).toBe(-1);
      expect(comparePolicyKey(bigger, base)).toBe(1);
      // A later field never outweighs an earlier one.
      const earlier = larger[index - 1];
      if (earlier !== undefined) {
        const mixed = policyKey({ ...change });
        const earlierBigger = policyKey({ ...earlier });
        expect(comparePolicyKey(mixed, earlierBigger)).toBe(-1);
      }
    }
  });

  it('compares numbers numerically and strings by bytes', () => {
    expect(
      comparePolicyKey(
        policyKey({ instanceId: AgentInstanceId.of(9) }),
        policyKey({ instanceId: AgentInstanceId.of(10) }),
      ),
    ).toBe(-1);
    expect(
      comparePolicyKey(
        policyKey({ consumerId: ConsumerId.of('Z') }),
        policyKey({ consumerId: ConsumerId.of('a') }),
      ),
    ).toBe(-1);
  });

  it('sorts a grant table as a BTreeMap iterates it', () => {
    const keys = [
      policyKey({ generation: SessionGeneration.of(10) }),
      policyKey({ actorId: ToolActorId.of('agent.a') }),
      policyKey({ generation: SessionGeneration.of(2) }),
      policyKey({ consumerId: ConsumerId.of('a') }),
    ];
    const sorted = [...keys].sort(comparePolicyKey);
    expect(sorted).toEqual([keys[3], keys[1], keys[2], keys[0]]);
  });
});

describe('PolicyKey.mapKey', () => {
  it('is equal for equal keys and distinct for different ones', () => {
    expect(PolicyKey.mapKey(policyKey())).toBe(PolicyKey.mapKey(policyKey()));
    expect(PolicyKey.mapKey(policyKey({ generation: SessionGeneration.of(4) }))).not.toBe(
      PolicyKey.mapKey(policyKey()),
    );
    expect(
      PolicyKey.mapKey(
        policyKey({ consumerId: ConsumerId.of('a:b'), actorId: ToolActorId.of('c') }),
      ),
    ).not.toBe(
      PolicyKey.mapKey(
        policyKey({ consumerId: ConsumerId.of('a'), actorId: ToolActorId.of('b:c') }),
      ),
    );
  });
});
