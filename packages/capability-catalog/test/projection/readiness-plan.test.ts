import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilityContribution,
  CapabilityDescriptor,
  CapabilityId,
  CapabilityReadinessPlan,
  CapabilitySet,
  CapabilitySource,
  CodeCatalogGeneration,
} from '../../src/index.js';
import { digest } from '../../src/testing/index.js';

const source = unwrap(CapabilitySource.host('runtime', digest('a')));
const id = (local: string) => unwrap(CapabilityId.create(source, 'tool', local));
const descriptor = (local: string, deps: string[] = []) =>
  unwrap(CapabilityDescriptor.create(source, 'tool', local, local, digest('b'), deps.map(id)));
const setOf = (...descriptors: CapabilityDescriptor[]) =>
  unwrap(
    CapabilitySet.fromContributions(CodeCatalogGeneration.of(1), [
      unwrap(CapabilityContribution.create(source, descriptors)),
    ]),
  );

describe('CapabilityReadinessPlan', () => {
  it('orders independent capabilities by id and dependents in later waves', () => {
    const set = setOf(
      descriptor('omega'),
      descriptor('alpha'),
      descriptor('zeta', ['alpha']),
      descriptor('beta', ['zeta', 'omega']),
    );
    const plan = unwrap(CapabilityReadinessPlan.build(set));
    expect(plan.waves.map((w) => w.map((i) => i.localId))).toEqual([
      ['alpha', 'omega'],
      ['zeta'],
      ['beta'],
    ]);
    expect(plan.activationOrder.map((i) => i.localId)).toEqual(['alpha', 'omega', 'zeta', 'beta']);
    expect(plan.matches(set)).toBe(true);
    expect(plan.matches(CapabilitySet.empty())).toBe(false);
  });

  it('reports a cycle with the smallest blocked id and the blocked count', () => {
    const set = setOf(
      descriptor('free'),
      descriptor('b', ['c']),
      descriptor('c', ['b']),
      descriptor('d', ['c']),
    );
    expect(unwrapErr(CapabilityReadinessPlan.build(set))).toMatchObject({
      kind: 'dependency-cycle',
      firstBlocked: 'host/runtime:tool:b',
      blockedCount: 3,
    });
  });
});
