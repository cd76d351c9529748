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
import { compileAnything, compilePrimitive } from './walk-leaves.js';
import {
  ANNOTATIONS,
  type Compiled,
  type CompiledWalk,
  type Context,
  fail,
  hookFunction,
  isPrimitive,
  isRecord,
  keywordsSupported,
  MISMATCH,
  type Node,
  run,
  WALK_MISMATCH,
  type Walk,
  type WalkHookOf,
} from './walk-node.js';

class Compiler {
  constructor(private readonly hookOf: WalkHookOf | null) {}

  // `level`: how many containers hold a value of `node`, as the scan's depth limit counts them.
  // `inherited`: the prototype the enclosing union gives every object of this branch.
  node(
    node: Node,
    underRecord: boolean,
    level: number,
    asCodec = true,
    inherited: object | null = null,
  ): Compiled | null {
    if (typeof node !== 'object' || node === null || !keywordsSupported(node)) return null;
    if (node['~codec'] !== undefined && asCodec) return this.bytes(node, underRecord, level);
    if (node.anyOf !== undefined) return this.union(node, underRecord, level);
    if (Object.getOwnPropertyNames(node).every((key) => ANNOTATIONS.has(key)))
      return compileAnything(
        hookFunction(this.hookOf?.(node as TSchema, underRecord) ?? null),
        level,
      );
    // The scan refuses a container at this level, so no value can pass here.
    if (level >= DECODE_DEPTH_MAX && (node.type === 'object' || node.type === 'array')) return null;
    if (node.type === 'object') return this.object(node, underRecord, level, inherited);
    if (node.type === 'array') return this.array(node, underRecord, level);
    return compilePrimitive(node);
  }

  // `Type.Unknown()` / `Type.Any()`: any JSON-shaped value, copied as the scan copies it.
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

  private object(
    node: Node,
    underRecord: boolean,
    level: number,
    inherited: object | null,
  ): Compiled | null {
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
    const nodeHook = this.hookOf?.(node as TSchema, underRecord) ?? null;
    if (refine.length > 0 && (bytes || hooked || nodeHook !== null)) return null;
    // Created with the node's prototype, or else the one its union gives it afterwards, unless it
    // has a property's name (reads and writes would see it) or a refinement must see a plain copy.
    const candidate =
      nodeHook === null
        ? refine.length === 0
          ? inherited
          : null
        : typeof nodeHook === 'function'
          ? null
          : nodeHook.prototype;
    const prototype =
      candidate !== null && properties.every(([key]) => !(key in candidate)) ? candidate : null;
    const hook = prototype === null ? hookFunction(nodeHook) : null;
    const count = properties.length;
    // Values built in code list their keys in schema order: then no lookup is needed.
    const names = properties.map(([key]) => key);
    const walks = names.map((key) => byKey.get(key)!);
    const walk: Walk = (value, context) => {
      context.values += 1;
      if (!isRecord(value)) fail();
      const source = value as Record<string, unknown>;
      const copy: Record<string, unknown> = prototype === null ? {} : Object.create(prototype);
      let present = 0;
      const keys = Object.keys(source);
      for (let index = 0; index < keys.length; index += 1) {
        const key = keys[index]!;
        const property = key === names[index] ? walks[index] : byKey.get(key);
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
    return {
      walk,
      leaf: false,
      hooked: hooked || nodeHook !== null || prototype !== null,
      bytes,
      ...(prototype === null ? {} : { prototype }),
    };
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
    const hook = hookFunction(this.hookOf?.(node as TSchema, underRecord) ?? null);
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
        const source = listOf(value, context, minItems, maxItems);
        const copy = new Array<unknown>(source.length);
        for (let index = 0; index < source.length; index += 1)
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
      const source = listOf(value, context, minItems, maxItems);
      const copy = new Array<unknown>(source.length);
      for (let index = 0; index < source.length; index += 1)
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
    const unionHook = this.hookOf?.(node as TSchema, underRecord) ?? null;
    // A prototype hook is given to the branches' objects as they are created, where they allow it.
    const inherited =
      unionHook !== null && typeof unionHook !== 'function' ? unionHook.prototype : null;
    const compiled: Compiled[] = [];
    for (const branch of branches) {
      const one = this.node(branch, underRecord, level, true, inherited);
      if (one === null) return null;
      compiled.push(one);
    }
    const hook = hookFunction(unionHook);
    // A branch whose objects do not have the union's prototype yet gets the hook afterwards.
    const hooked = (one: Compiled): Walk => {
      if (hook === null || one.leaf || (inherited !== null && one.prototype === inherited)) {
        return one.walk;
      }
      const branchWalk = one.walk;
      return (value, context) => {
        const result = branchWalk(value, context);
        if (isRecord(result)) hook(result);
        return result;
      };
    };
    // As the reference's `selectBranch`: the first branch of each `kind` literal.
    const tagged = new Map<unknown, Walk>();
    branches.forEach((branch, index) => {
      const kind = branch.properties?.kind?.const;
      if (kind !== undefined && !tagged.has(kind)) tagged.set(kind, hooked(compiled[index]!));
    });
    const nonNullIndexes = branches.flatMap((branch, index) =>
      branch.type === 'null' ? [] : [index],
    );
    const nonNull =
      nonNullIndexes.length === 1 && nonNullIndexes.length < branches.length
        ? hooked(compiled[nonNullIndexes[0]!]!)
        : null;
    const hasNull = nonNullIndexes.length < branches.length;
    // Without a `kind` or a nullable, only primitives are matched (first branch that accepts):
    // the reference picks containers' branches by a check before defaults, which this does not.
    const leaves = compiled.filter((one) => one.leaf).map((one) => one.walk);
    const walk: Walk = (value, context) => {
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
// An array walk's own checks (the tuple's and the list's): counts the value, and fails unless it
// is an array of `minItems` to `maxItems` items.
function listOf(value: unknown, context: Context, minItems: number, maxItems: number): unknown[] {
  context.values += 1;
  if (!Array.isArray(value)) fail();
  const length = (value as unknown[]).length;
  if (length < minItems || length > maxItems) fail();
  return value as unknown[];
}

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
