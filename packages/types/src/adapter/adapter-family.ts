import Type, { type Static } from 'typebox';

/** The kinds of provider adapter, in upstream declaration order (which is also their sort order). */
export const ADAPTER_FAMILIES = [
  'pty-semantic',
  'pipe',
  'one-shot',
  'acp',
  'hook',
  'managed-hook',
  'history',
  'resume',
  'session-options',
  'capability-probe',
] as const;

/** TypeBox schema of {@link AdapterFamily}. */
export const AdapterFamilySchema = Type.Enum(ADAPTER_FAMILIES);

/** The kind of provider adapter a {@link ProviderSource} belongs to. */
export type AdapterFamily = Static<typeof AdapterFamilySchema>;

/** Orders families by declaration order, as Rust's derived `Ord`. */
export function compareAdapterFamily(left: AdapterFamily, right: AdapterFamily): number {
  return ADAPTER_FAMILIES.indexOf(left) - ADAPTER_FAMILIES.indexOf(right);
}
