import Type, { type Static } from 'typebox';

/** How an adapter was verified, in upstream declaration order (which is also their sort order). */
export const ADAPTER_VERIFICATIONS = [
  'reference',
  'synthetic-fixture',
  'captured-fixture',
  'vendor-canary',
] as const;

/** TypeBox schema of {@link AdapterVerification}. */
export const AdapterVerificationSchema = Type.Enum(ADAPTER_VERIFICATIONS);

/** How an adapter's wire shape was verified. */
export type AdapterVerification = Static<typeof AdapterVerificationSchema>;

/** Orders verifications by declaration order, as Rust's derived `Ord`. */
export function compareAdapterVerification(
  left: AdapterVerification,
  right: AdapterVerification,
): number {
  return ADAPTER_VERIFICATIONS.indexOf(left) - ADAPTER_VERIFICATIONS.indexOf(right);
}
