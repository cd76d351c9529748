import { describe, expect, it } from 'vitest';
import { CodeCatalogGeneration, UseCapabilityGeneration } from '../../src/index.js';
import { digest, useGeneration } from '../../src/testing/index.js';

describe('UseCapabilityGeneration and CodeCatalogGeneration', () => {
  it('compares cursors on all fields', () => {
    expect(useGeneration(1, 'a').equals(useGeneration(1, 'a'))).toBe(true);
    expect(useGeneration(1, 'a').equals(useGeneration(2, 'a'))).toBe(false);
    expect(
      useGeneration(1, 'a').equals(new UseCapabilityGeneration(1, digest('a'), digest('e'))),
    ).toBe(false);
    expect(useGeneration(1, 'a').schema).toBe('a3s.use.capability-snapshot-cursor.v1');
  });

  it('stops the catalog generation at Number.MAX_SAFE_INTEGER', () => {
    expect(CodeCatalogGeneration.checkedNext(CodeCatalogGeneration.INITIAL)).toBe(1);
    expect(
      CodeCatalogGeneration.checkedNext(CodeCatalogGeneration.of(Number.MAX_SAFE_INTEGER - 1)),
    ).toBe(Number.MAX_SAFE_INTEGER);
    expect(
      CodeCatalogGeneration.checkedNext(CodeCatalogGeneration.of(Number.MAX_SAFE_INTEGER)),
    ).toBeNull();
  });
});
