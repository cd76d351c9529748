// Every codec of the package: the shared compiled wire codec, plus the redaction hooks on what it
// decodes, so a decoded request or result is as safe to log as one built by its constructor, and
// carries the hooks at the same places (see redaction/redacted-schema.ts).
import { createWireCodec, type WireCodec } from '@gate4agent/types';
import type { TSchema } from 'typebox';
import { withRedaction } from '../redaction/redact.js';
import { hookDecoded, registerRedactedSchema } from '../redaction/redacted-schema.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !(value instanceof Uint8Array);

// The values that hold secrets themselves: a payload, inline result bytes, an opaque reference.
// Hooking them protects every container around them, however that container was built.
function holdsSecret(value: Record<string, unknown>): boolean {
  return (
    value.payload instanceof Uint8Array ||
    (value.kind === 'inline' && value.bytes instanceof Uint8Array) ||
    (value.kind === 'opaque-reference' && typeof value.reference === 'string')
  );
}

function hookSecretHolders(value: unknown): void {
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
 * The {@link WireCodec} of `schema` (compiled on first use). Decoded values that hold payload
 * bytes, inline result bytes or an opaque reference get the redaction hooks; with `redacted`,
 * the schema is a redacted type (the §2.16 types), and every decoded value of a redacted type,
 * the root or nested, gets them too.
 */
export function toolCodec<S extends TSchema>(
  name: string,
  schema: S,
  options: { readonly redacted?: boolean } = {},
): WireCodec<S> {
  const codec = createWireCodec(name, schema);
  if (options.redacted === true) registerRedactedSchema(schema);
  return {
    schema,
    decode(input) {
      const decoded = codec.decode(input);
      if (decoded.ok) {
        hookSecretHolders(decoded.value);
        hookDecoded(schema, decoded.value);
      }
      return decoded;
    },
    checkValue(value) {
      const checked = codec.checkValue(value);
      // A value handed on with `handOffChecked` comes back as it is: the check that made it (of
      // this schema or of one embedding it) already hooked it and everything inside it.
      if (checked.ok && checked.value !== value) {
        hookSecretHolders(checked.value);
        hookDecoded(schema, checked.value);
      }
      return checked;
    },
    encode: (value) => codec.encode(value),
  };
}
