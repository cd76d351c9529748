// Kind-aware walks over JSON-shaped values and their TypeBox schemas. A kind-tagged union is
// narrowed to the branch its `kind` names, so defaults land in the right branch and a violation
// names the field of that branch rather than an error of some other branch.

import type { TSchema } from 'typebox';
import { Compile } from 'typebox/schema';

const compiled = new WeakMap<object, ReturnType<typeof Compile>>();

/** The compiled validator of a sub-schema, built once: the dynamic `Value.Check` is far slower. */
function validatorOf(schema: TSchema): ReturnType<typeof Compile> {
  let validator = compiled.get(schema);
  if (validator === undefined) {
    validator = Compile(schema);
    compiled.set(schema, validator);
  }
  return validator;
}

const Value = {
  Check: (schema: TSchema, value: unknown): boolean => validatorOf(schema).Check(value),
  Errors: (schema: TSchema, value: unknown) => validatorOf(schema).Errors(value)[1],
};

interface SchemaNode {
  readonly '~codec'?: {
    readonly decode: (value: unknown) => unknown;
    readonly encode: (value: unknown) => unknown;
  };
  readonly anyOf?: readonly SchemaNode[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly patternProperties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly items?: SchemaNode;
  readonly type?: string;
  readonly const?: unknown;
  readonly default?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const escapePointer = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** What the walks need of a schema node, worked out once per node (schemas never change). */
interface NodeShape {
  /** The union branches keyed by their `kind` literal, or `null` when no branch has one. */
  readonly tagged: ReadonlyMap<unknown, SchemaNode> | null;
  /** The one non-null branch of a nullable union, or `null`. */
  readonly nonNull: SchemaNode | null;
  /** `Object.entries(properties)`. */
  readonly properties: readonly (readonly [string, SchemaNode])[];
  /** `Object.values(patternProperties)`. */
  readonly patterns: readonly SchemaNode[];
  /** The properties that carry a `default`. */
  readonly defaults: readonly (readonly [string, SchemaNode])[];
}

const shapes = new WeakMap<object, NodeShape>();

function shapeOf(node: SchemaNode): NodeShape {
  let shape = shapes.get(node);
  if (shape !== undefined) return shape;
  const branches = node.anyOf ?? [];
  const tagged = branches.filter((branch) => branch.properties?.kind?.const !== undefined);
  const nonNull = branches.filter((branch) => branch.type !== 'null');
  const properties = Object.entries(node.properties ?? {});
  shape = {
    tagged:
      tagged.length === 0
        ? null
        : new Map(tagged.reverse().map((branch) => [branch.properties!.kind!.const, branch])),
    nonNull: nonNull.length === 1 && nonNull.length < branches.length ? nonNull[0]! : null,
    properties,
    patterns: Object.values(node.patternProperties ?? {}),
    defaults: properties.filter(([, property]) => 'default' in property),
  };
  shapes.set(node, shape);
  return shape;
}

/** The branch of a union that `value` selects: by `kind` literal, or the non-null branch of a nullable. */
function selectBranch(
  node: SchemaNode,
  value: unknown,
): { branch: SchemaNode } | { unknownKind: string } | null {
  if (node.anyOf === undefined) return null;
  const shape = shapeOf(node);
  if (shape.tagged !== null && isRecord(value) && typeof value.kind === 'string') {
    const match = shape.tagged.get(value.kind);
    return match === undefined ? { unknownKind: value.kind } : { branch: match };
  }
  if (value !== null && shape.nonNull !== null) return { branch: shape.nonNull };
  return null;
}

/**
 * Fills missing object keys whose schema carries a `default` (serde `default` and `Option`
 * fields), in place. Descends into arrays, records and the union branch `kind` selects.
 */
export function applyDefaults(schema: TSchema, value: unknown): void {
  const node = schema as SchemaNode;
  const selected = selectBranch(node, value);
  if (selected !== null) {
    if ('branch' in selected) applyDefaults(selected.branch as TSchema, value);
    return;
  }
  if (Array.isArray(value) && node.items !== undefined) {
    for (const item of value) applyDefaults(node.items as TSchema, item);
    return;
  }
  if (!isRecord(value)) return;
  const shape = shapeOf(node);
  for (const [key, property] of shape.properties) {
    const entry = value[key];
    if (entry === undefined) {
      if ('default' in property) {
        const fallback = property.default;
        value[key] =
          typeof fallback === 'object' && fallback !== null ? structuredClone(fallback) : fallback;
      }
    } else if (typeof entry === 'object' && entry !== null) {
      applyDefaults(property as TSchema, entry);
    }
  }
  for (const property of shape.patterns) {
    for (const entry of Object.values(value)) applyDefaults(property as TSchema, entry);
  }
}

/** The JSON pointer and message of the most specific reason `value` does not match `schema`. */
export function locateViolation(
  schema: TSchema,
  value: unknown,
  path = '',
): { path: string; message: string } {
  const node = schema as SchemaNode;
  const selected = selectBranch(node, value);
  if (selected !== null) {
    if ('unknownKind' in selected) {
      return {
        path: `${path}/kind`,
        message: `unknown kind ${JSON.stringify(selected.unknownKind)}`,
      };
    }
    if (!Value.Check(selected.branch as TSchema, value)) {
      return locateViolation(selected.branch as TSchema, value, path);
    }
  }
  if (Array.isArray(value) && node.items !== undefined) {
    const index = value.findIndex((item) => !Value.Check(node.items as TSchema, item));
    if (index >= 0) return locateViolation(node.items as TSchema, value[index], `${path}/${index}`);
  }
  if (isRecord(value) && node.properties !== undefined) {
    for (const key of node.required ?? []) {
      if (!(key in value)) return { path: `${path}/${escapePointer(key)}`, message: 'is required' };
    }
    for (const [key, property] of Object.entries(node.properties)) {
      if (key in value && !Value.Check(property as TSchema, value[key])) {
        return locateViolation(property as TSchema, value[key], `${path}/${escapePointer(key)}`);
      }
    }
  }
  if (isRecord(value) && node.patternProperties !== undefined) {
    for (const property of Object.values(node.patternProperties)) {
      for (const [key, entry] of Object.entries(value)) {
        if (!Value.Check(property as TSchema, entry)) {
          return locateViolation(property as TSchema, entry, `${path}/${escapePointer(key)}`);
        }
      }
    }
  }
  const [first] = Value.Errors(schema, value);
  if (first === undefined) return { path, message: 'does not match its schema' };
  return { path: `${path}${first.instancePath}`, message: describeError(first) };
}

function describeError(error: { keyword: string; message: string; params?: unknown }): string {
  const params = error.params as { allowedValues?: unknown } | undefined;
  if (error.keyword === 'enum' && Array.isArray(params?.allowedValues)) {
    return `must be one of ${params.allowedValues.map((entry) => JSON.stringify(entry)).join(', ')}`;
  }
  return error.message;
}

/**
 * Deletes, in place, the keys of a value that already matches `schema` which no object schema on
 * its path declares: serde ignores unknown fields, so a decoded value holds only what its type
 * names and deep-equals the same value built in code. Records (`patternProperties`) keep all keys.
 */
export function removeUnknownKeys(schema: TSchema, value: unknown): void {
  const node = schema as SchemaNode;
  const selected = selectBranch(node, value);
  if (selected !== null) {
    if ('branch' in selected) removeUnknownKeys(selected.branch as TSchema, value);
    return;
  }
  if (node.anyOf !== undefined) {
    const branch = node.anyOf.find((candidate) => Value.Check(candidate as TSchema, value));
    if (branch !== undefined) removeUnknownKeys(branch as TSchema, value);
    return;
  }
  if (Array.isArray(value) && node.items !== undefined) {
    for (const item of value) removeUnknownKeys(node.items as TSchema, item);
    return;
  }
  if (!isRecord(value)) return;
  if (node.properties !== undefined) {
    for (const key in value) {
      const property = Object.hasOwn(node.properties, key) ? node.properties[key] : undefined;
      if (property !== undefined) {
        const entry = value[key];
        if (typeof entry === 'object' && entry !== null)
          removeUnknownKeys(property as TSchema, entry);
      } else if (node.patternProperties === undefined) delete value[key];
    }
  }
  for (const property of shapeOf(node).patterns) {
    for (const entry of Object.values(value)) removeUnknownKeys(property as TSchema, entry);
  }
}

const codecPresence = new WeakMap<object, boolean>();

function containsCodec(node: SchemaNode): boolean {
  const known = codecPresence.get(node);
  if (known !== undefined) return known;
  const children = [
    ...(node.anyOf ?? []),
    ...Object.values(node.properties ?? {}),
    ...Object.values(node.patternProperties ?? {}),
    ...(node.items === undefined ? [] : [node.items]),
  ];
  const found = node['~codec'] !== undefined || children.some(containsCodec);
  codecPresence.set(node, found);
  return found;
}

/** Where the walk is: the key inside the parent's value. Turned into a pointer only on failure. */
interface Trail {
  readonly parent: Trail | null;
  readonly key: string | number;
}

function pointerOf(trail: Trail | null): string {
  const keys: (string | number)[] = [];
  for (let at = trail; at !== null; at = at.parent) keys.push(at.key);
  let path = '';
  for (let index = keys.length - 1; index >= 0; index -= 1)
    path += `/${escapePointer(String(keys[index]!))}`;
  return path;
}

class NotBytes {
  constructor(readonly trail: Trail | null) {}
}

/**
 * Runs the codecs (bytes ↔ number arrays) of a value that already matches `schema` (decode) or
 * its in-memory type (encode), returning new containers and never mutating `value`. TypeBox's own
 * `Decode` re-validates through its dynamic pipeline, which costs hundreds of milliseconds per
 * call on large unions; this walk only visits the branches the value selects. With `fromBytes`
 * (decode only), a codec position must hold a placeholder of the scan, and becomes a copy of the
 * `Uint8Array` it stands for; otherwise the error is the JSON pointer of the first one that was not.
 * With `inPlace` (a decode of a copy only the caller holds, such as the scan's), the containers on
 * the way to a codec are updated in place instead of copied.
 */
export function transformCodecs(
  schema: TSchema,
  value: unknown,
  direction: 'decode' | 'encode',
  fromBytes: WeakMap<object, Uint8Array> | null,
  inPlace = false,
): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: transform(schema, value, direction, fromBytes, null, inPlace) };
  } catch (error) {
    if (error instanceof NotBytes) return { ok: false, error: pointerOf(error.trail) };
    throw error;
  }
}

function transform(
  schema: TSchema,
  value: unknown,
  direction: 'decode' | 'encode',
  fromBytes: WeakMap<object, Uint8Array> | null,
  trail: Trail | null,
  inPlace: boolean,
): unknown {
  const node = schema as SchemaNode;
  if (!containsCodec(node)) return value;
  const codec = node['~codec'];
  if (codec !== undefined && direction === 'encode') {
    return codec.encode(value);
  }
  let result = value;
  const selected = selectBranch(node, value);
  if (selected !== null) {
    if ('branch' in selected)
      result = transform(selected.branch as TSchema, value, direction, fromBytes, trail, inPlace);
  } else if (node.anyOf !== undefined && direction === 'decode') {
    const branch = node.anyOf.find((candidate) => Value.Check(candidate as TSchema, value));
    if (branch !== undefined)
      result = transform(branch as TSchema, value, direction, fromBytes, trail, inPlace);
  } else if (Array.isArray(value) && node.items !== undefined) {
    const items = node.items as TSchema;
    const copy = inPlace ? value : new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index += 1) {
      copy[index] = transform(
        items,
        value[index],
        direction,
        fromBytes,
        { parent: trail, key: index },
        inPlace,
      );
    }
    result = copy;
  } else if (
    isRecord(value) &&
    (node.properties !== undefined || node.patternProperties !== undefined)
  ) {
    const copy: Record<string, unknown> = inPlace ? value : { ...value };
    const shape = shapeOf(node);
    for (const [key, property] of shape.properties) {
      if (key in copy && containsCodec(property)) {
        copy[key] = transform(
          property as TSchema,
          copy[key],
          direction,
          fromBytes,
          { parent: trail, key },
          inPlace,
        );
      }
    }
    for (const property of shape.patterns) {
      for (const key of Object.keys(copy)) {
        if (!(key in (node.properties ?? {}))) {
          copy[key] = transform(
            property as TSchema,
            copy[key],
            direction,
            fromBytes,
            { parent: trail, key },
            inPlace,
          );
        }
      }
    }
    result = copy;
  }
  if (codec === undefined) return result;
  if (fromBytes === null) return codec.decode(result);
  const bytes = typeof value === 'object' && value !== null ? fromBytes.get(value) : undefined;
  if (bytes === undefined) throw new NotBytes(trail);
  return new Uint8Array(bytes);
}
