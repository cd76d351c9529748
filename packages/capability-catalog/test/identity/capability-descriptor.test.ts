import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilityContribution,
  CapabilityDescriptor,
  CapabilityId,
  CapabilitySource,
  CodeCatalogGeneration,
  MAX_CAPABILITIES,
  MAX_CAPABILITY_DEPENDENCIES,
  UsePackageGeneration,
} from '../../src/index.js';
import { digest, useGeneration } from '../../src/testing/index.js';

const _gen = CodeCatalogGeneration.of;

function _useSource(upstream = useGeneration(1, 'a'), packageId = 'acme/runtime-tools') {
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

describe('CapabilityContribution and CapabilityDescriptor', () => {
  const source = unwrap(CapabilitySource.host('runtime', digest('a')));

  it('refuses an empty contribution, a foreign descriptor and a repeated id', () => {
    expect(unwrapErr(CapabilityContribution.create(source, []))).toMatchObject({
      kind: 'empty-contribution',
      sourceId: 'host/runtime',
    });
    const other = unwrap(CapabilitySource.host('other', digest('a')));
    const foreign = unwrap(CapabilityDescriptor.create(other, 'tool', 'a', 'a', digest('b')));
    expect(unwrapErr(CapabilityContribution.create(source, [foreign]))).toMatchObject({
      kind: 'source-mismatch',
      expectedSource: 'host/runtime',
      actualSource: 'host/other',
    });
    const mine = unwrap(CapabilityDescriptor.create(source, 'tool', 'a', 'a', digest('b')));
    expect(unwrapErr(CapabilityContribution.create(source, [mine, mine]))).toMatchObject({
      kind: 'duplicate-capability',
    });
  });

  it('bounds a contribution at MAX_CAPABILITIES descriptors', () => {
    const many = Array.from({ length: MAX_CAPABILITIES + 1 }, (_, i) =>
      unwrap(CapabilityDescriptor.create(source, 'tool', `t${i}`, `t${i}`, digest('b'))),
    );
    expect(CapabilityContribution.create(source, many.slice(0, MAX_CAPABILITIES)).ok).toBe(true);
    expect(unwrapErr(CapabilityContribution.create(source, many))).toMatchObject({
      kind: 'bound-exceeded',
      field: 'capabilities',
    });
  });

  it('sorts dependencies and refuses repeats, self-dependency and more than 128', () => {
    const deps = Array.from({ length: MAX_CAPABILITY_DEPENDENCIES + 1 }, (_, i) =>
      unwrap(CapabilityId.create(source, 'tool', `d${i}`)),
    );
    const ok = unwrap(
      CapabilityDescriptor.create(source, 'tool', 'a', 'a', digest('b'), [deps[1]!, deps[0]!]),
    );
    expect(ok.dependencies.map((d) => d.localId)).toEqual(['d0', 'd1']);
    expect(
      CapabilityDescriptor.create(
        source,
        'tool',
        'a',
        'a',
        digest('b'),
        deps.slice(0, MAX_CAPABILITY_DEPENDENCIES),
      ).ok,
    ).toBe(true);
    expect(
      unwrapErr(CapabilityDescriptor.create(source, 'tool', 'a', 'a', digest('b'), deps)),
    ).toMatchObject({
      kind: 'bound-exceeded',
      field: 'dependencies',
      max: 128,
    });
    expect(
      unwrapErr(
        CapabilityDescriptor.create(source, 'tool', 'a', 'a', digest('b'), [deps[0]!, deps[0]!]),
      ),
    ).toMatchObject({
      kind: 'duplicate-dependency',
      dependency: 'host/runtime:tool:d0',
    });
    const self = unwrap(CapabilityId.create(source, 'tool', 'a'));
    expect(
      unwrapErr(CapabilityDescriptor.create(source, 'tool', 'a', 'a', digest('b'), [self])),
    ).toMatchObject({
      kind: 'self-dependency',
      capability: 'host/runtime:tool:a',
    });
  });

  it('validates the public name as bounded text of at most 256 bytes', () => {
    expect(CapabilityDescriptor.create(source, 'tool', 'a', 'é'.repeat(128), digest('b')).ok).toBe(
      true,
    );
    expect(
      unwrapErr(
        CapabilityDescriptor.create(source, 'tool', 'a', `${'é'.repeat(128)}x`, digest('b')),
      ),
    ).toMatchObject({
      kind: 'bound-exceeded',
      field: 'public_name',
      max: 256,
    });
    expect(
      unwrapErr(CapabilityDescriptor.create(source, 'tool', 'a', ' padded', digest('b'))),
    ).toMatchObject({
      kind: 'invalid-identifier',
      field: 'public_name',
    });
  });
});
