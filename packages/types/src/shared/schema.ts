// Boundary validation: wire data is checked against its TypeBox schema with a compiled validator
// and rejected with a typed error that names the offending field. Nothing is partially applied.
import Type, { type StaticDecode, type StaticEncode, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { err, ok, type Result } from './result.js';

/** A value that does not match its wire schema. `path` is a JSON pointer to the field. */
export interface SchemaViolation {
  readonly kind: 'schema-violation';
  /** What was being decoded, for example `CommandEnvelope`. */
  readonly schema: string;
  /** JSON pointer of the first offending field (`""` for the value itself). */
  readonly path: string;
  readonly message: string;
}

/** Bytes: a `Uint8Array` in memory, a JSON array of integers 0–255 on the wire. */
export const BytesSchema = Type.Codec(Type.Array(Type.Integer({ minimum: 0, maximum: 255 })))
  .Decode((value) => Uint8Array.from(value))
  .Encode((value) => Array.from(value));

/** A 64-bit counter or id, narrowed to a safe integer (ARCHITECTURE decision 3). */
export const SafeIntegerSchema = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/** A wire codec for one schema: decode JSON-shaped input, encode values back to JSON-shaped data. */
export interface WireCodec<S extends TSchema> {
  readonly schema: S;
  /** Checks `input` and returns the in-memory value, or the first violation. Never throws. */
  decode(input: unknown): Result<StaticDecode<S>, SchemaViolation>;
  /** Converts an in-memory value to JSON-shaped data (bytes become number arrays). */
  encode(value: StaticDecode<S>): StaticEncode<S>;
}

/** Compiles `schema` once and returns its {@link WireCodec}. `name` appears in violations. */
export function createWireCodec<S extends TSchema>(name: string, schema: S): WireCodec<S> {
  const validator = Compile(schema);
  return {
    schema,
    decode(input) {
      if (!validator.Check(input)) {
        const [first] = validator.Errors(input);
        const path = first?.instancePath ?? '';
        const message = `${name}${path === '' ? '' : ` at ${path}`}: ${first?.message ?? 'does not match its schema'}`;
        return err({ kind: 'schema-violation', schema: name, path, message });
      }
      return ok(validator.Decode(input) as StaticDecode<S>);
    },
    encode(value) {
      return validator.Encode(value) as StaticEncode<S>;
    },
  };
}
