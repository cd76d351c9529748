import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilityContribution,
  CapabilityDescriptor,
  CapabilityId,
  CapabilitySet,
  CapabilitySource,
  CodeCatalogGeneration,
  MAX_CAPABILITY_DEPENDENCY_EDGES,
  MAX_CAPABILITY_SOURCES,
  UsePackageGeneration,
} from '../../src/index.js';
import { digest, useGeneration, useToolSet } from '../../src/testing/index.js';

const gen = CodeCatalogGeneration.of;

function useSource(upstream = useGeneration(1, 'a'), packageId = 'acme/runtime-tools') {
  const pkg = unwrap(
    UsePackageGeneration.create(
      packageId,
      'use/acme-runtime-tools',
      'runtime-tools',
      '1.0.0',
      1,
      digest('d'),
      digest('e'),
    ),
  );
  return unwrap(CapabilitySource.usePackage(upstream, pkg));
}

describe('CapabilitySet', () => {
  it('digests the empty generation-0 set to the documented reference value', () => {
    const set = CapabilitySet.empty();
    expect(set.digest).toBe(
      'sha256:97a566758903dd666cfe938d39f9b7e66b1ffd02aa37a33d7c09c3c5a1ad58ad',
    );
    expect(set.generation).toBe(0);
    expect(set.useCapabilityGeneration()).toBeNull();
    expect(set.isEmpty).toBe(true);
  });

  it('digests the reference generation-1 tool set to the documented reference value', () => {
    const { set } = useToolSet(1, useGeneration(1, 'a'), [['projected', 'b']]);
    expect(set.digest).toBe(
      'sha256:4fc7c07fda93a31c2f94f837c598cae8f9d00cda28af4ca9d3d6828a8c58bc03',
    );
    expect(set.sources().map((s) => s.id)).toEqual(['use/acme/runtime-tools']);
    expect(set.iter().map((d) => d.id.toString())).toEqual([
      'use/acme/runtime-tools:tool:projected',
    ]);
  });

  it('keeps the Use cursor of a projection even without descriptors', () => {
    const upstream = useGeneration(3, 'c');
    const set = unwrap(CapabilitySet.fromUseProjection(gen(1), upstream, []));
    expect(set.useCapabilityGeneration()?.equals(upstream)).toBe(true);
    expect(set.len).toBe(0);
  });

  it('adopts the cursor of the first Use package source without an expected one', () => {
    const source = useSource();
    const descriptor = unwrap(CapabilityDescriptor.create(source, 'tool', 'a', 'a', digest('b')));
    const set = unwrap(
      CapabilitySet.fromContributions(gen(1), [
        unwrap(CapabilityContribution.create(source, [descriptor])),
      ]),
    );
    expect(set.useCapabilityGeneration()?.equals(useGeneration(1, 'a'))).toBe(true);
    expect(set.get(descriptor.id)).toBe(descriptor);
    expect(set.contains(descriptor.id)).toBe(true);
    expect(set.source(source.id)).toBe(source);
  });

  it('refuses mixed Use cursors, naming which parts differ', () => {
    const source = useSource(useGeneration(2, 'b'));
    const descriptor = unwrap(CapabilityDescriptor.create(source, 'tool', 'a', 'a', digest('b')));
    const contribution = unwrap(CapabilityContribution.create(source, [descriptor]));
    expect(
      unwrapErr(CapabilitySet.fromUseProjection(gen(1), useGeneration(1, 'a'), [contribution])),
    ).toMatchObject({
      kind: 'mixed-use-generation',
      expectedGeneration: 1,
      actualGeneration: 2,
      revisionMismatch: true,
      registryRevisionMismatch: false,
    });
  });

  it('refuses a repeated source', () => {
    const source = unwrap(CapabilitySource.host('runtime', digest('a')));
    const descriptor = unwrap(CapabilityDescriptor.create(source, 'tool', 'a', 'a', digest('b')));
    const contribution = unwrap(CapabilityContribution.create(source, [descriptor]));
    expect(
      unwrapErr(CapabilitySet.fromContributions(gen(1), [contribution, contribution])),
    ).toMatchObject({
      kind: 'duplicate-source',
      sourceId: 'host/runtime',
    });
  });

  it('refuses a public name published twice for one kind, as a built-in shadow when a built-in is involved', () => {
    const host = unwrap(CapabilitySource.host('one', digest('a')));
    const session = unwrap(CapabilitySource.session('two', digest('a')));
    const builtin = unwrap(CapabilitySource.builtin('core', digest('a')));
    const contribution = (source: CapabilitySource, localId: string) =>
      unwrap(
        CapabilityContribution.create(source, [
          unwrap(CapabilityDescriptor.create(source, 'tool', localId, 'shared', digest('b'))),
        ]),
      );
    expect(
      unwrapErr(
        CapabilitySet.fromContributions(gen(1), [
          contribution(host, 'x'),
          contribution(session, 'y'),
        ]),
      ),
    ).toMatchObject({
      kind: 'public-name-conflict',
      capabilityKind: 'tool',
      publicName: 'shared',
    });
    expect(
      unwrapErr(
        CapabilitySet.fromContributions(gen(1), [
          contribution(builtin, 'x'),
          contribution(host, 'y'),
        ]),
      ),
    ).toMatchObject({
      kind: 'builtin-shadow',
      capabilityKind: 'tool',
      publicName: 'shared',
    });
    const skillOfSameName = unwrap(
      CapabilityContribution.create(session, [
        unwrap(CapabilityDescriptor.create(session, 'skill', 'y', 'shared', digest('b'))),
      ]),
    );
    expect(
      CapabilitySet.fromContributions(gen(1), [contribution(host, 'x'), skillOfSameName]).ok,
    ).toBe(true);
  });

  it('refuses a dependency outside the set', () => {
    const source = unwrap(CapabilitySource.host('runtime', digest('a')));
    const missing = unwrap(CapabilityId.create(source, 'tool', 'missing'));
    const descriptor = unwrap(
      CapabilityDescriptor.create(source, 'tool', 'a', 'a', digest('b'), [missing]),
    );
    expect(
      unwrapErr(
        CapabilitySet.fromContributions(gen(1), [
          unwrap(CapabilityContribution.create(source, [descriptor])),
        ]),
      ),
    ).toMatchObject({
      kind: 'missing-dependency',
      capability: 'host/runtime:tool:a',
      dependency: 'host/runtime:tool:missing',
    });
  });

  it('orders capabilities by source, kind declaration index, then local id', () => {
    const source = unwrap(CapabilitySource.host('runtime', digest('a')));
    const make = (kind: 'tool' | 'context' | 'agent', id: string) =>
      unwrap(CapabilityDescriptor.create(source, kind, id, `${kind}-${id}`, digest('b')));
    const set = unwrap(
      CapabilitySet.fromContributions(gen(1), [
        unwrap(
          CapabilityContribution.create(source, [
            make('context', 'a'),
            make('tool', 'z'),
            make('agent', 'b'),
            make('tool', 'a'),
          ]),
        ),
      ]),
    );
    expect(set.iter().map((d) => d.id.toString())).toEqual([
      'host/runtime:tool:a',
      'host/runtime:tool:z',
      'host/runtime:agent:b',
      'host/runtime:context:a',
    ]);
  });

  it('gives different digests to different generations of the same descriptors', () => {
    const a = useToolSet(1, useGeneration(1, 'a'), [['projected', 'b']]).set;
    const b = useToolSet(2, useGeneration(1, 'a'), [['projected', 'b']]).set;
    expect(a.digest).not.toBe(b.digest);
  });
});

describe('CapabilitySet bounds', () => {
  it('accepts MAX_CAPABILITY_SOURCES sources and refuses one more', () => {
    const contributions = Array.from({ length: MAX_CAPABILITY_SOURCES + 1 }, (_, i) => {
      const source = unwrap(CapabilitySource.host(`s${i}`, digest('a')));
      return unwrap(
        CapabilityContribution.create(source, [
          unwrap(CapabilityDescriptor.create(source, 'tool', 't', `t${i}`, digest('b'))),
        ]),
      );
    });
    expect(
      CapabilitySet.fromContributions(gen(1), contributions.slice(0, MAX_CAPABILITY_SOURCES)).ok,
    ).toBe(true);
    expect(unwrapErr(CapabilitySet.fromContributions(gen(1), contributions))).toMatchObject({
      kind: 'bound-exceeded',
      field: 'sources',
      max: 1_024,
    });
  });

  it('refuses more than MAX_CAPABILITY_DEPENDENCY_EDGES dependency edges', () => {
    const source = unwrap(CapabilitySource.host('runtime', digest('a')));
    const targets = Array.from({ length: 128 }, (_, i) =>
      unwrap(CapabilityDescriptor.create(source, 'skill', `d${i}`, `d${i}`, digest('b'))),
    );
    const deps = targets.map((t) => t.id);
    const dependents = (count: number) =>
      Array.from({ length: count }, (_, i) =>
        unwrap(CapabilityDescriptor.create(source, 'tool', `t${i}`, `t${i}`, digest('b'), deps)),
      );
    const build = (count: number) =>
      CapabilitySet.fromContributions(gen(1), [
        unwrap(CapabilityContribution.create(source, [...targets, ...dependents(count)])),
      ]);
    const exact = MAX_CAPABILITY_DEPENDENCY_EDGES / 128;
    expect(build(exact).ok).toBe(true);
    expect(unwrapErr(build(exact + 1))).toMatchObject({
      kind: 'bound-exceeded',
      field: 'dependency_edges',
    });
  });
});
