import { type BrandedNumber, numericId } from '@gate4agent/types';

/** The session-local generation of the published capability catalog (independent of Use). */
export type CodeCatalogGeneration = BrandedNumber<'CodeCatalogGeneration'>;

const factory = numericId<CodeCatalogGeneration>('CodeCatalogGeneration');

/** Factory of {@link CodeCatalogGeneration}: `of(n)` brands a safe non-negative integer. */
export const CodeCatalogGeneration = {
  ...factory,
  /** The generation of the empty catalog every Session starts with. */
  INITIAL: factory.of(0),
  /** `value + 1`, or `null` at `Number.MAX_SAFE_INTEGER` (upstream `u64::MAX`). */
  checkedNext(value: CodeCatalogGeneration): CodeCatalogGeneration | null {
    return value >= Number.MAX_SAFE_INTEGER ? null : factory.of(value + 1);
  },
} as const;
