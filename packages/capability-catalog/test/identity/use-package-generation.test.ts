import { unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { UsePackageGeneration } from '../../src/index.js';
import { digest } from '../../src/testing/index.js';

describe('UsePackageGeneration', () => {
  const create = (
    overrides: Partial<Record<'packageId' | 'componentId' | 'route' | 'version', string>> & {
      lifecycle?: number;
    } = {},
  ) =>
    UsePackageGeneration.create(
      overrides.packageId ?? 'acme/runtime-tools',
      overrides.componentId ?? 'use/acme-runtime-tools',
      overrides.route ?? 'runtime-tools',
      overrides.version ?? '1.0.0',
      overrides.lifecycle ?? 1,
      digest('d'),
      digest('e'),
    );

  it('checks the fields in order and names each one', () => {
    expect(create().ok).toBe(true);
    expect(unwrapErr(create({ packageId: 'Bad', componentId: 'Bad' }))).toMatchObject({
      field: 'package_id',
    });
    expect(unwrapErr(create({ componentId: '' }))).toMatchObject({ field: 'component_id' });
    expect(unwrapErr(create({ route: 'x/..' }))).toMatchObject({ field: 'route' });
    expect(unwrapErr(create({ version: ' 1.0' }))).toMatchObject({
      kind: 'invalid-identifier',
      field: 'version',
    });
    expect(unwrapErr(create({ version: '1\u0007' }))).toMatchObject({
      kind: 'invalid-identifier',
      field: 'version',
    });
    expect(unwrapErr(create({ version: '1.0\u00A0' }))).toMatchObject({ field: 'version' });
    expect(create({ version: '\uFEFF1.0' }).ok).toBe(true);
    expect(create({ version: 'v'.repeat(128) }).ok).toBe(true);
    expect(unwrapErr(create({ version: 'v'.repeat(129) }))).toMatchObject({
      kind: 'bound-exceeded',
      field: 'version',
      max: 128,
    });
    expect(unwrapErr(create({ lifecycle: 0 }))).toMatchObject({
      kind: 'invalid-generation',
      field: 'lifecycle_generation',
    });
  });
});
