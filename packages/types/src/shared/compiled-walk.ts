// The fast path of `checkValue`: a schema compiled once into a tree of closures (no `new Function`,
// so the pure packages still run under a browser CSP) that checks an in-memory value, copies it
// (known keys only), fills defaults, copies bytes and runs per-node hooks in ONE pass.
//
// It only ever decides "valid, here is the copy". Anything else (a mismatch, an unknown key, a
// getter that throws, a value the reference pipeline would treat in some unusual way) makes it
// give up, and the caller runs the reference pipeline (bounded scan, defaults, TypeBox `Check`,
// key removal, codecs), whose result and error are the contract. So every success here must be a
// value that pipeline returns too, and that is what the rules below keep:
// - every key of an object is a property of its schema (or matches a record's pattern), so the
//   walk reads exactly the values the scan reads, in the same order, and builds the same copy;
// - strings obey the scan's limits; the value count is checked at the end; a schema that nests
//   containers deeper than `DECODE_DEPTH_MAX` is not compiled, and with a finite schema tree a
//   cyclic input can never match (every container's entries are walked);
// - unions select their branch as the reference walks do (`kind` literal, the non-null branch of
//   a nullable, else the first matching branch for primitives only);
// - a schema keyword the walk does not implement means the whole schema is not compiled.
import type { TSchema } from 'typebox';
import { DECODE_DEPTH_MAX, DECODE_VALUES_MAX } from '../constants.js';
import { checkString, STRING_SCAN_UNITS } from './bounded-scan.js';

/** What a compiled walk returns when it gives up: the caller runs the reference pipeline. */
export const WALK_MISMATCH: unique symbol = Symbol('walk-mismatch');

/**
 * Per-node hooks: called once per object or union schema node at compile time, it returns the
 * function run on every fresh plain object the walk builds for that node (after its children),
 * or `null`. `underRecord` is true below a record's (`patternProperties`) values.
 */
export type WalkHookOf = (
  node: TSchema,
  underRecord: boolean,
) => ((copy: Record<string, unknown>) => void) | null;

/** A compiled walk: the checked copy of `value`, or {@link WALK_MISMATCH}. Never throws. */
export type CompiledWalk = (value: unknown) => unknown;

interface Context {
  values: number;
}

type Walk = (value: unknown, context: Context) => unknown;

interface Compiled {
  readonly walk: Walk;
  /** Accepts no container (object, array or bytes): safe where the reference walks do not go. */
  readonly leaf: boolean;
  /** Holds a hook somewhere. */
  readonly hooked: boolean;
  /** Holds bytes somewhere (the reference checks placeholders there, not the bytes). */
  readonly bytes: boolean;
}

interface Node {
  readonly type?: unknown;
  readonly properties?: Readonly<Record<string, Node>>;
  readonly required?: readonly string[];
  readonly patternProperties?: Readonly<Record<string, Node>>;
  readonly items?: Node | readonly Node[];
  readonly additionalItems?: unknown;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly Node[];
  readonly default?: unknown;
  readonly '~refine'?: readonly { readonly check: (value: unknown) => boolean }[];
  readonly '~codec'?: unknown;
}

// A thrown mismatch is cheap (not an Error: no stack trace) and failures are rare.
const MISMATCH = Object.freeze({ mismatch: true });
const fail = (): never => {
  throw MISMATCH;
};

// Keywords that annotate and never change what a check accepts.
const ANNOTATIONS = new Set([
  'default',
  'title',
  'description',
  'examples',
  '$comment',
  '~kind',
  '~unsafe',
  '~optional',
  '~readonly',
]);

const KEYWORDS = new Set([
  ...ANNOTATIONS,
  'type',
  'properties',
  'required',
  'patternProperties',
  'items',
  'additionalItems',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'const',
  'enum',
  'anyOf',
  '~refine',
  '~codec',
]);

const PRIMITIVE_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'null']);

const isPrimitive = (value: unknown): boolean =>
  value === null || (typeof value !== 'object' && typeof value !== 'function');

function keywordsSupported(node: Node): boolean {
  for (const key of Object.getOwnPropertyNames(node)) {
    if (!KEYWORDS.has(key) && !key.startsWith('x-')) return false;
  }
  return Object.getOwnPropertySymbols(node).length === 0;
}

/** A plain object (not an array, not bytes) whose `kind` the walk may read. */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Uint8Array);

class Compiler {
  constructor(private readonly hookOf: WalkHookOf | null) {}

  // `level`: how many containers hold a value of `node`, as the scan's depth limit counts them.
  node(node: Node, underRecord: boolean, level: number, asCodec = true): Compiled | null {
    if (typeof node !== 'object' || node === null || !keywordsSupported(node)) return null;
    if (node['~codec'] !== undefined && asCodec) return this.bytes(node, underRecord, level);
    if (node.anyOf !== undefined) return this.union(node, underRecord, level);
    if (Object.getOwnPropertyNames(node).every((key) => ANNOTATIONS.has(key)))
      return this.anything(node, underRecord, level);
    // The scan refuses a container at this level, so no value can pass here.
    if (level >= DECODE_DEPTH_MAX && (node.type === 'object' || node.type === 'array')) return null;
    if (node.type === 'object') return this.object(node, underRecord, level);
    if (node.type === 'array') return this.array(node, underRecord, level);
    return this.primitive(node);
  }

  // `Type.Unknown()` / `Type.Any()`: any JSON-shaped value, copied as the scan copies it.
  private anything(node: Node, underRecord: boolean, level: number): Compiled {
    const hook = this.hookOf?.(node as TSchema, underRecord) ?? null;
    const copyOf = (value: unknown, context: Context, containers: number): unknown => {
      context.values += 1;
      switch (typeof value) {
        case 'string':
          if (
            (value.length > STRING_SCAN_UNITS || !value.isWellFormed()) &&
            checkString(value, '') !== null
          )
            fail();
          return value;
        case 'number':
        case 'boolean':
        case 'undefined':
          return value;
        case 'object':
          break;
        default:
          return fail();
      }
      if (value === null) return null;
      // Bytes become an empty placeholder there; cycles and depth are the scan's to report.
      if (value instanceof Uint8Array || containers >= DECODE_DEPTH_MAX) fail();
      if (Array.isArray(value)) {
        const source = value as unknown[];
        if (source.length > DECODE_VALUES_MAX) fail();
        const copy = new Array<unknown>(source.length);
        for (let index = 0; index < source.length; index += 1)
          copy[index] = copyOf(source[index], context, containers + 1);
        return copy;
      }
      const source = value as Record<string, unknown>;
      const copy: Record<string, unknown> = {};
      for (const key of Object.keys(source)) {
        if (key === '__proto__') fail();
        const entry = copyOf(source[key], context, containers + 1);
        if (entry !== undefined) copy[key] = entry;
      }
      if (hook !== null) hook(copy);
      return copy;
    };
    const walk: Walk = (value, context) => copyOf(value, context, level);
    return { walk, leaf: false, hooked: hook !== null, bytes: false };
  }

  // A codec position (bytes): the reference pipeline checks an empty placeholder array against
  // the inner schema and then copies the caller's `Uint8Array`.
  private bytes(node: Node, underRecord: boolean, level: number): Compiled | null {
    if (node.type !== 'array' || node['~refine'] !== undefined) return null;
    const inner = this.node(node, underRecord, level, false);
    if (inner === null || run(inner.walk, []) === WALK_MISMATCH) return null;
    const walk: Walk = (value, context) => {
      context.values += 1;
      if (!(value instanceof Uint8Array)) fail();
      return new Uint8Array(value as Uint8Array);
    };
    return { walk, leaf: false, hooked: false, bytes: true };
  }

  private primitive(node: Node): Compiled | null {
    const { type } = node;
    if (type === undefined && node.const === undefined && node.enum === undefined) return null;
    if (type !== undefined && !PRIMITIVE_TYPES.has(type as string)) return null;
    for (const key of ['properties', 'patternProperties', 'items', 'minItems', 'maxItems'])
      if (key in node) return null;
    const hasConst = 'const' in node;
    if (hasConst && !isPrimitive(node.const)) return null;
    const options = node.enum;
    if (options !== undefined && !options.every(isPrimitive)) return null;
    const { minimum, maximum } = node;
    if (minimum !== undefined && typeof minimum !== 'number') return null;
    if (maximum !== undefined && typeof maximum !== 'number') return null;
    const refine = node['~refine'] ?? [];
    const constant = node.const;
    const walk: Walk = (value, context) => {
      context.values += 1;
      switch (type) {
        case 'string':
          if (typeof value !== 'string') fail();
          break;
        case 'integer':
          if (!Number.isInteger(value)) fail();
          break;
        case 'number':
          if (!Number.isFinite(value)) fail();
          break;
        case 'boolean':
          if (typeof value !== 'boolean') fail();
          break;
        case 'null':
          if (value !== null) fail();
          break;
        default:
          if (!isPrimitive(value) || value === undefined) fail();
      }
      if (typeof value === 'string') {
        if (
          (value.length > STRING_SCAN_UNITS || !value.isWellFormed()) &&
          checkString(value, '') !== null
        )
          fail();
      } else if (typeof value !== 'number' && typeof value !== 'boolean' && value !== null) {
        fail(); // bigint, symbol: not JSON-shaped
      }
      if (hasConst && value !== constant) fail();
      if (options !== undefined && !options.includes(value)) fail();
      if (minimum !== undefined && !((value as number) >= minimum)) fail();
      if (maximum !== undefined && !((value as number) <= maximum)) fail();
      for (const refinement of refine) if (!refinement.check(value)) fail();
      return value;
    };
    return { walk, leaf: true, hooked: false, bytes: false };
  }

  private object(node: Node, underRecord: boolean, level: number): Compiled | null {
    if ('const' in node || 'enum' in node) return null;
    if (node.properties !== undefined && node.patternProperties !== undefined) return null;
    if (node.patternProperties !== undefined) return this.record(node, underRecord, level);
    const properties = Object.entries(node.properties ?? {});
    const required = new Set(node.required ?? []);
    const byKey = new Map<string, Walk>();
    const absent: {
      readonly key: string;
      readonly required: boolean;
      readonly fallback: (() => unknown) | null;
    }[] = [];
    let hooked = false;
    let bytes = false;
    for (const [key, property] of properties) {
      // Keys that `in` finds on Object.prototype (or that set it) change what the check sees.
      if (key in Object.prototype || key === '__proto__') return null;
      const compiled = this.node(property, underRecord, level + 1);
      if (compiled === null) return null;
      byKey.set(key, compiled.walk);
      hooked ||= compiled.hooked;
      bytes ||= compiled.bytes;
      let fallback: (() => unknown) | null = null;
      if ('default' in property) {
        const made = defaultOf(property.default, compiled);
        if (made === undefined) return null;
        fallback = made;
      }
      absent.push({ key, required: required.has(key), fallback });
    }
    for (const key of required) if (!byKey.has(key)) return null;
    // A refinement sees the reference's candidate: the same data only without bytes and hooks.
    const refine = node['~refine'] ?? [];
    if (refine.length > 0 && (bytes || hooked)) return null;
    const hook = this.hookOf?.(node as TSchema, underRecord) ?? null;
    const count = properties.length;
    const walk: Walk = (value, context) => {
      context.values += 1;
      if (!isRecord(value)) fail();
      const source = value as Record<string, unknown>;
      const copy: Record<string, unknown> = {};
      let present = 0;
      for (const key of Object.keys(source)) {
        const property = byKey.get(key);
        if (property === undefined) fail();
        const entry = source[key];
        if (entry === undefined) {
          context.values += 1;
          continue;
        }
        copy[key] = property!(entry, context);
        present += 1;
      }
      if (present < count) {
        for (const { key, required, fallback } of absent) {
          if (copy[key] !== undefined) continue;
          if (fallback !== null) copy[key] = fallback();
          else if (required) fail();
        }
      }
      for (const refinement of refine) if (!refinement.check(copy)) fail();
      if (hook !== null) hook(copy);
      return copy;
    };
    return { walk, leaf: false, hooked: hooked || hook !== null, bytes };
  }

  private record(node: Node, underRecord: boolean, level: number): Compiled | null {
    const patterns = Object.entries(node.patternProperties ?? {});
    if (patterns.length !== 1 || 'required' in node) return null;
    const [pattern, schema] = patterns[0]!;
    let matcher: RegExp;
    try {
      matcher = new RegExp(pattern, 'u');
    } catch {
      return null;
    }
    const entries = this.node(schema, true, level + 1);
    if (entries === null) return null;
    const hook = this.hookOf?.(node as TSchema, underRecord) ?? null;
    const entryWalk = entries.walk;
    const walk: Walk = (value, context) => {
      context.values += 1;
      if (!isRecord(value)) fail();
      const source = value as Record<string, unknown>;
      const copy: Record<string, unknown> = {};
      for (const key of Object.keys(source)) {
        if (key === '__proto__' || !matcher.test(key)) fail();
        const entry = source[key];
        if (entry === undefined) context.values += 1;
        else copy[key] = entryWalk(entry, context);
      }
      if (hook !== null) hook(copy);
      return copy;
    };
    return { walk, leaf: false, hooked: entries.hooked || hook !== null, bytes: entries.bytes };
  }

  private array(node: Node, underRecord: boolean, level: number): Compiled | null {
    if (node['~refine'] !== undefined || 'const' in node || 'enum' in node) return null;
    const { items } = node;
    let minItems = node.minItems ?? 0;
    let maxItems = node.maxItems ?? DECODE_VALUES_MAX;
    if (typeof minItems !== 'number' || typeof maxItems !== 'number') return null;
    if (Array.isArray(items)) {
      // A tuple: the reference walks do not descend into its items, so only leaves are taken.
      if (node.additionalItems !== false) return null;
      const compiled = items.map((item: Node) => this.node(item, underRecord, level + 1));
      if (compiled.some((item) => item === null || !item.leaf)) return null;
      const walks = compiled.map((item) => item!.walk);
      maxItems = Math.min(maxItems, walks.length);
      minItems = Math.max(minItems, 0);
      const walk: Walk = (value, context) => {
        context.values += 1;
        if (!Array.isArray(value)) fail();
        const source = value as unknown[];
        const length = source.length;
        if (length < minItems || length > maxItems) fail();
        const copy = new Array<unknown>(length);
        for (let index = 0; index < length; index += 1)
          copy[index] = walks[index]!(source[index], context);
        return copy;
      };
      return { walk, leaf: false, hooked: false, bytes: false };
    }
    if (items === undefined || 'additionalItems' in node) return null;
    const element = this.node(items as Node, underRecord, level + 1);
    if (element === null) return null;
    const elementWalk = element.walk;
    const walk: Walk = (value, context) => {
      context.values += 1;
      if (!Array.isArray(value)) fail();
      const source = value as unknown[];
      const length = source.length;
      if (length < minItems || length > maxItems) fail();
      const copy = new Array<unknown>(length);
      for (let index = 0; index < length; index += 1)
        copy[index] = elementWalk(source[index], context);
      return copy;
    };
    return { walk, leaf: false, hooked: element.hooked, bytes: element.bytes };
  }

  private union(node: Node, underRecord: boolean, level: number): Compiled | null {
    for (const key of Object.getOwnPropertyNames(node)) {
      if (key !== 'anyOf' && !ANNOTATIONS.has(key)) return null;
    }
    const branches = node.anyOf ?? [];
    const compiled: Compiled[] = [];
    for (const branch of branches) {
      const one = this.node(branch, underRecord, level);
      if (one === null) return null;
      compiled.push(one);
    }
    // As the reference's `selectBranch`: the first branch of each `kind` literal.
    const tagged = new Map<unknown, Walk>();
    branches.forEach((branch, index) => {
      const kind = branch.properties?.kind?.const;
      if (kind !== undefined && !tagged.has(kind)) tagged.set(kind, compiled[index]!.walk);
    });
    const nonNullIndexes = branches.flatMap((branch, index) =>
      branch.type === 'null' ? [] : [index],
    );
    const nonNull =
      nonNullIndexes.length === 1 && nonNullIndexes.length < branches.length
        ? compiled[nonNullIndexes[0]!]!.walk
        : null;
    const hasNull = nonNullIndexes.length < branches.length;
    // Without a `kind` or a nullable, only primitives are matched (first branch that accepts):
    // the reference picks containers' branches by a check before defaults, which this does not.
    const leaves = compiled.filter((one) => one.leaf).map((one) => one.walk);
    const hook = this.hookOf?.(node as TSchema, underRecord) ?? null;
    const select = (value: unknown, context: Context): unknown => {
      if (tagged.size > 0 && isRecord(value) && typeof value.kind === 'string') {
        const branch = tagged.get(value.kind);
        if (branch === undefined) fail();
        return branch!(value, context);
      }
      if (value !== null && nonNull !== null) return nonNull(value, context);
      if (value === null && hasNull) {
        context.values += 1;
        return null;
      }
      if (!isPrimitive(value)) fail();
      const values = context.values;
      for (const leaf of leaves) {
        try {
          return leaf(value, context);
        } catch (error) {
          if (error !== MISMATCH) throw error;
          context.values = values;
        }
      }
      return fail();
    };
    const walk: Walk =
      hook === null
        ? select
        : (value, context) => {
            const result = select(value, context);
            if (isRecord(result)) hook(result);
            return result;
          };
    return {
      walk,
      leaf: compiled.every((one) => one.leaf),
      hooked: hook !== null || compiled.some((one) => one.hooked),
      bytes: compiled.some((one) => one.bytes),
    };
  }
}

/**
 * How a missing key gets its default: a fresh copy each time, if the default passes the property's
 * own walk unchanged (the reference fills it in and checks it, but fills no defaults inside it);
 * `undefined` when the walk cannot promise the reference's result.
 */
function defaultOf(fallback: unknown, property: Compiled): (() => unknown) | null | undefined {
  if (isPrimitive(fallback)) {
    return run(property.walk, fallback) === fallback ? () => fallback : undefined;
  }
  const checked = run(property.walk, structuredClone(fallback));
  if (checked === WALK_MISMATCH || JSON.stringify(checked) !== JSON.stringify(fallback))
    return undefined;
  // The walk of a fresh copy gives it the hooks the reference would give the default it fills in.
  if (property.hooked) return () => property.walk(structuredClone(fallback), { values: 0 });
  if (Array.isArray(fallback) && fallback.length === 0) return () => [];
  if (isRecord(fallback) && Object.keys(fallback).length === 0) return () => ({});
  return () => structuredClone(fallback);
}

function run(walk: Walk, value: unknown): unknown {
  const context: Context = { values: 0 };
  try {
    const result = walk(value, context);
    return context.values > DECODE_VALUES_MAX ? WALK_MISMATCH : result;
  } catch {
    return WALK_MISMATCH;
  }
}

/**
 * Compiles `schema` into its one-pass walk, or returns `null` when the schema uses a keyword the
 * walk does not implement (the caller then always runs the reference pipeline). `hookOf` names
 * the per-node hooks (the redaction hooks of tool-protocol).
 */
export function compileWalk(schema: TSchema, hookOf: WalkHookOf | null): CompiledWalk | null {
  const root = new Compiler(hookOf).node(schema as Node, false, 0);
  if (root === null) return null;
  return (value) => run(root.walk, value);
}
