import Type, { type Static } from 'typebox';
import { AdapterBinding, AdapterBindingSchema } from '../adapter/adapter-binding.js';
import { AdapterFamilySchema, compareAdapterFamily } from '../adapter/adapter-family.js';
import { SafeIntegerSchema } from '../shared/schema.js';

/** TypeBox schema of {@link ProviderSource}. */
export const ProviderSourceSchema = Type.Object({
  family: AdapterFamilySchema,
  binding: AdapterBindingSchema,
});

/** Where provider events come from: an adapter family and the reviewed adapter binding. */
export type ProviderSource = Static<typeof ProviderSourceSchema>;

/** Comparator of {@link ProviderSource}: family, then binding, as Rust's derived `Ord`. */
export const ProviderSource = {
  schema: ProviderSourceSchema,
  compare(left: ProviderSource, right: ProviderSource): number {
    return (
      compareAdapterFamily(left.family, right.family) ||
      AdapterBinding.compare(left.binding, right.binding)
    );
  },
};

/** TypeBox schema of {@link ProviderSourceCursor}. */
export const ProviderSourceCursorSchema = Type.Object({
  source: ProviderSourceSchema,
  sequence: SafeIntegerSchema,
  gapCount: SafeIntegerSchema,
  stale: Type.Boolean(),
});

/** How far the engine has read one provider source, and the gaps it saw. */
export type ProviderSourceCursor = Static<typeof ProviderSourceCursorSchema>;
