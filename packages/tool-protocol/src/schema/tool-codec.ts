// Every codec of the package: the shared compiled wire codec, plus the redaction hooks on what it
// decodes, so a decoded request or result is as safe to log as one built by its constructor, and
// carries the hooks at the same places (see redaction/redacted-schema.ts). The hooks run inside
// the codec's one-pass walk (per schema node), so a check walks the value once.
import { createWireCodec, type WireCodec } from '@gate4agent/types';
import type { TSchema } from 'typebox';
import { REDACTION_HOOKS, registerRedactedSchema } from '../redaction/redacted-schema.js';

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
  if (options.redacted === true) registerRedactedSchema(schema);
  return createWireCodec(name, schema, { hooks: REDACTION_HOOKS });
}
