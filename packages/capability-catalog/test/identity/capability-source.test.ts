import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilitySource,
  UseCapabilityGeneration,
  UsePackageGeneration,
} from '../../src/index.js';
import { digest, useGeneration } from '../../src/testing/index.js';

describe('CapabilitySource', () => {
  const pkg = unwrap(
    UsePackageGeneration.create('acme/runtime-tools', 'c', 'r', '1', 1, digest('d'), digest('e')),
  );

  it('builds each class with its prefix and evidence', () => {
    const use = unwrap(CapabilitySource.usePackage(useGeneration(1, 'a'), pkg));
    expect([use.id, use.sourceClass, use.revision()]).toEqual([
      'use/acme/runtime-tools',
      'use-package',
      null,
    ]);
    expect(use.usePackageGeneration()).toBe(pkg);
    const host = unwrap(CapabilitySource.host('runtime', digest('a')));
    expect([host.id, host.sourceClass, host.revision(), host.useCapabilityGeneration()]).toEqual([
      'host/runtime',
      'host',
      digest('a'),
      null,
    ]);
    expect(unwrap(CapabilitySource.session('reg', digest('a'))).id).toBe('session/reg');
    expect(unwrap(CapabilitySource.builtin('core', digest('a'))).sourceClass).toBe('built-in');
  });

  it('refuses a Use cursor at generation 0 and an over-long id', () => {
    const zero = new UseCapabilityGeneration(0, digest('a'), digest('f'));
    expect(unwrapErr(CapabilitySource.usePackage(zero, pkg))).toMatchObject({
      kind: 'invalid-generation',
      field: 'use_capability_generation',
    });
    expect(CapabilitySource.host('a'.repeat(251), digest('a')).ok).toBe(true);
    expect(unwrapErr(CapabilitySource.host('a'.repeat(252), digest('a')))).toMatchObject({
      kind: 'bound-exceeded',
      field: 'source',
      max: 256,
    });
    expect(unwrapErr(CapabilitySource.host('Bad', digest('a')))).toMatchObject({
      kind: 'invalid-identifier',
      field: 'source',
    });
  });
});
