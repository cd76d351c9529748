// Boundary validation: wire data is checked against its TypeBox schema with a compiled validator
// and rejected with a typed error that names the offending field. Nothing is partially applied.
import Type, { type StaticDecode, type StaticEncode, type TSchema } from 'typebox';
// `typebox/schema` compiles the same validator as `typebox/compile` (whose `Check` is this one's
// `Check`) without loading `typebox/value`: about 150 fewer modules on every cold import.
import { Compile } from 'typebox/schema';
import { boundedScan } from './bounded-scan.js';
import { compileWalk } from './compiled-walk.js';
import { err, ok, type Result } from './result.js';
import {
  applyDefaults,
  locateViolation,
  removeUnknownKeys,
  transformCodecs,
} from './schema-walk.js';
import { type CompiledWalk, WALK_MISMATCH, type WalkHookOf } from './walk-node.js';

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
  .Decode((value): Uint8Array => Uint8Array.from(value))
  .Encode((value: Uint8Array) => Array.from(value));

/** A 64-bit counter or id, narrowed to a safe integer (ARCHITECTURE decision 3). */
export const SafeIntegerSchema = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/** A Rust `u16` (0–65535). */
export const U16Schema = Type.Integer({ minimum: 0, maximum: 0xffff });

/** A Rust `u32` (0–4294967295). */
export const U32Schema = Type.Integer({ minimum: 0, maximum: 0xffff_ffff });

/** A Rust `i32`. */
export const I32Schema = Type.Integer({ minimum: -0x8000_0000, maximum: 0x7fff_ffff });

/** A wire codec for one schema: decode JSON-shaped input, encode values back to JSON-shaped data. */
export interface WireCodec<S extends TSchema> {
  readonly schema: S;
  /**
   * Checks `input` and returns the in-memory value, or the first violation. Never throws and never
   * mutates `input`: input nested deeper than `DECODE_DEPTH_MAX`, holding more than
   * `DECODE_VALUES_MAX` values or a string over `DECODE_STRING_MAX_BYTES`, cyclic input, and
   * input whose getters or Proxy traps throw are violations too. Missing keys that carry a `default` annotation (serde's `#[serde(default)]`
   * and `Option` fields) take their default first; strings with lone surrogates are rejected.
   */
  decode(input: unknown): Result<StaticDecode<S>, SchemaViolation>;
  /**
   * Checks an in-memory value (bytes as `Uint8Array`, never as number arrays) and returns a
   * fresh, validated copy holding only what the type names, or the first violation. Never throws
   * and never mutates `value`: the check every entry point runs on what an app, a client or an
   * executor hands in (ARCHITECTURE decision 6).
   */
  checkValue(value: unknown): Result<StaticDecode<S>, SchemaViolation>;
  /** Converts an in-memory value to JSON-shaped data (bytes become number arrays). */
  encode(value: StaticDecode<S>): StaticEncode<S>;
}

// Values handed from one check to the next `checkValue` of the same schema (see handOffChecked):
// the latest in a slot (most are taken by the very next call, which then needs no map lookup),
// the earlier ones not yet taken in a weak map. A value is in one of the two, with its schema.
let lastHandedOff: object | null = null;
let lastHandedOffSchema: TSchema | null = null;
const handedOff = new WeakMap<object, TSchema>();

/** Takes the hand-off of `value` to a check of `schema`, if there is one. */
function takeHandOff(value: object, schema: TSchema): boolean {
  if (value === lastHandedOff) {
    if (lastHandedOffSchema !== schema) return false;
    lastHandedOff = null;
    lastHandedOffSchema = null;
    return true;
  }
  if (handedOff.get(value) !== schema) return false;
  handedOff.delete(value);
  return true;
}

/**
 * Hands `value` to the next `checkValue` of `codec`, once: that call returns `value` itself, the
 * hand-off is used up, and every later call checks again. `value` must be a copy that a check of
 * `codec`'s schema (or of a schema that embeds it at that position) just returned, or a value the
 * typed constructors built from such copies and from values known valid, that only the caller
 * (and whoever it hands `value` to) holds and that has not changed since. It is how a pure
 * package passes what it already checked at its boundary to the component it drives, so input is
 * checked and copied once (the handle hands the tool requests and observations it checked at its
 * edge to the kernel's step, and the kernel hands them on to its tool engine). The latest value
 * handed off is held until it is taken or the next hand-off; earlier ones only weakly.
 */
export function handOffChecked<S extends TSchema>(
  codec: Pick<WireCodec<S>, 'schema'>,
  value: StaticDecode<S>,
): void {
  if (typeof value !== 'object' || value === null) return;
  if (lastHandedOff !== null && lastHandedOff !== value) {
    handedOff.set(lastHandedOff, lastHandedOffSchema!);
  }
  handedOff.delete(value);
  lastHandedOff = value;
  lastHandedOffSchema = codec.schema;
}

/**
 * Hooks a package adds to its codecs' results (tool-protocol's redaction hooks). They set
 * prototypes or the like on the fresh copy a check returns; they never change its data.
 */
export interface WireCodecHooks {
  /**
   * Called once per object or union node of the schema when the one-pass walk is compiled; the
   * function it returns runs on every fresh plain object the walk builds for that node (after the
   * node's children are built), and must give the same result as {@link WireCodecHooks.hookTree}.
   * `underRecord` is true for nodes below the values of a record (`patternProperties`).
   */
  readonly hookOf: WalkHookOf;
  /**
   * Hooks, in place, a whole fresh value of `schema` that the reference pipeline returned (every
   * `decode`, and the checks the walk leaves to it).
   */
  readonly hookTree: (schema: TSchema, value: unknown) => void;
  /** Changes whenever `hookOf` would answer differently; the walk is then compiled again. */
  readonly revision: () => number;
}

/** Options of {@link createWireCodec}. */
export interface WireCodecOptions {
  /** Hooks run on every fresh value a check or decode returns. */
  readonly hooks?: WireCodecHooks;
  /**
   * `'compiled'` (the default): `checkValue` first tries the schema's one-pass walk (compiled on
   * first use), which checks, copies, fills defaults, copies bytes and runs the hooks at once, and
   * runs the reference pipeline (scan, defaults, `Check`, key removal, codecs) only when the walk
   * does not accept the value. `'reference'`: always the reference pipeline; results are the same,
   * only slower (differential tests compare the two).
   */
  readonly walk?: 'compiled' | 'reference';
}

/**
 * Returns the {@link WireCodec} of `schema`; `name` appears in violations. The validator is
 * compiled on first use, so importing a package that defines many codecs stays cheap.
 */
export function createWireCodec<S extends TSchema>(
  name: string,
  schema: S,
  options: WireCodecOptions = {},
): WireCodec<S> {
  const { hooks } = options;
  let compiled: ReturnType<typeof Compile<S>> | undefined;
  const validator = () => {
    compiled ??= Compile(schema);
    return compiled;
  };
  const violation = (path: string, detail: string): SchemaViolation => ({
    kind: 'schema-violation',
    schema: name,
    path,
    message: `${name}${path === '' ? '' : ` at ${path}`}: ${detail}`,
  });
  const run = (
    input: unknown,
    bytes: 'in-memory' | 'wire',
  ): Result<StaticDecode<S>, SchemaViolation> => {
    const scanned = boundedScan(input, bytes);
    if (!scanned.ok) return err(violation(scanned.error.path, scanned.error.message));
    const candidate = scanned.value.copy;
    try {
      applyDefaults(schema, candidate);
      if (!validator().Check(candidate)) {
        const located = locateViolation(schema, candidate);
        return err(violation(located.path, located.message));
      }
      removeUnknownKeys(schema, candidate);
      const fromBytes = bytes === 'in-memory' ? scanned.value.fromBytes : null;
      // The candidate is the scan's own copy: the codecs replace its placeholders in place.
      const decoded = transformCodecs(schema, candidate, 'decode', fromBytes, true);
      if (!decoded.ok) return err(violation(decoded.error, 'must be a Uint8Array'));
      return ok(decoded.value as StaticDecode<S>);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return err(violation('', detail));
    }
  };
  const reference = (
    input: unknown,
    bytes: 'in-memory' | 'wire',
  ): Result<StaticDecode<S>, SchemaViolation> => {
    const result = run(input, bytes);
    if (result.ok) hooks?.hookTree(schema, result.value);
    return result;
  };
  // The one-pass walk, compiled on the first check (`null`: the schema uses a keyword it lacks).
  let walk: CompiledWalk | null | undefined;
  let walkRevision = 0;
  const compiledWalk = (): CompiledWalk | null => {
    if (options.walk === 'reference') return null;
    const revision = hooks?.revision() ?? 0;
    if (walk === undefined || revision !== walkRevision) {
      walk = compileWalk(schema, hooks?.hookOf ?? null);
      walkRevision = revision;
    }
    return walk;
  };
  return {
    schema,
    decode(input) {
      return reference(input, 'wire');
    },
    checkValue(value) {
      if (typeof value === 'object' && value !== null && takeHandOff(value, schema)) {
        return ok(value as StaticDecode<S>);
      }
      const fast = compiledWalk();
      if (fast !== null) {
        const checked = fast(value);
        if (checked !== WALK_MISMATCH) return ok(checked as StaticDecode<S>);
      }
      return reference(value, 'in-memory');
    },
    encode(value) {
      const encoded = transformCodecs(schema, value, 'encode', null);
      return (encoded.ok ? encoded.value : value) as StaticEncode<S>;
    },
  };
}

/**
 * An `Option<T>` field: `T | null`, and a missing key decodes as `null` (serde's behaviour for
 * `Option`, and `#[serde(default)]`).
 */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()], { default: null });
}
