// The values that hold secrets themselves: a payload, inline result bytes, an opaque reference.
// Hooking them protects every container around them, however that container was built.
import { withRedaction } from './redact.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !(value instanceof Uint8Array);

/** Whether the plain object `value` holds payload bytes, inline result bytes or an opaque reference. */
export function holdsSecret(value: Record<string, unknown>): boolean {
  return (
    value.payload instanceof Uint8Array ||
    (value.kind === 'inline' && value.bytes instanceof Uint8Array) ||
    (value.kind === 'opaque-reference' && typeof value.reference === 'string')
  );
}

/** Gives the redaction hooks, in place, to every object of the fresh `value` that holds a secret. */
export function hookSecretHolders(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) hookSecretHolders(item);
    return;
  }
  if (!isRecord(value)) return;
  if (holdsSecret(value)) withRedaction(value);
  // Own keys only (a decoded value is plain data), without the array `Object.values` builds.
  for (const key in value) {
    const entry = value[key];
    if (typeof entry === 'object' && entry !== null && Object.hasOwn(value, key)) {
      hookSecretHolders(entry);
    }
  }
}

/**
 * Whether a plain object built for a schema node with these property names (`null`: a record,
 * whose keys are the data's) can hold a secret, so that {@link holdsSecret} needs asking at all.
 */
export function mayHoldSecret(propertyNames: readonly string[] | null): boolean {
  if (propertyNames === null) return true;
  return (
    propertyNames.includes('payload') ||
    (propertyNames.includes('kind') &&
      (propertyNames.includes('bytes') || propertyNames.includes('reference')))
  );
}
