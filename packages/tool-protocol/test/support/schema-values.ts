// fast-check values of a TypeBox schema, for the differential tests of the codecs' one-pass walk:
// mostly valid values (so the walk's own result is compared), and, at `mutation` weight, values
// broken at one node (a wrong type, a lone surrogate, an unknown or missing key, `undefined`,
// a number array where bytes belong), so that both paths' failures and fallbacks are compared.
import { wrongType } from '@gate4agent/test-arbitraries';
import fc from 'fast-check';

interface Node {
  readonly type?: unknown;
  readonly properties?: Readonly<Record<string, Node>>;
  readonly required?: readonly string[];
  readonly patternProperties?: Readonly<Record<string, Node>>;
  readonly items?: Node | readonly Node[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly Node[];
  readonly default?: unknown;
  readonly '~codec'?: unknown;
  readonly '~refine'?: unknown;
}

// Valid both as a slug id (types) and as a bounded id (tool-protocol).
const ID = /^[a-z][a-z0-9_-]{0,10}$/;

const broken: fc.Arbitrary<unknown> = fc.oneof(
  wrongType,
  fc.constantFrom('\ud800', undefined, -1, 1.5, 'x'.repeat(3)),
);

function integer(node: Node): fc.Arbitrary<number> {
  const min = Math.max(node.minimum ?? -1_000, Number.MIN_SAFE_INTEGER);
  const max = Math.min(node.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  return fc.oneof(fc.integer({ min, max: Math.min(max, min + 1_000) }), fc.constantFrom(min, max));
}

function base(node: Node, mutation: number): fc.Arbitrary<unknown> {
  const recur = (child: Node) => valuesOf(child, mutation);
  if (node['~codec'] !== undefined) return fc.uint8Array({ maxLength: 6 });
  if (node.anyOf !== undefined) return fc.oneof(...node.anyOf.map(recur));
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum !== undefined) return fc.constantFrom(...node.enum);
  switch (node.type) {
    case 'string':
      return node['~refine'] !== undefined
        ? fc.oneof({ arbitrary: fc.stringMatching(ID), weight: 9 }, fc.constantFrom('', 'a b'))
        : fc.string({ maxLength: 8 });
    case 'integer':
      return integer(node);
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (Array.isArray(node.items)) return fc.tuple(...node.items.map(recur));
      return fc.array(recur(node.items as Node), { maxLength: 3 });
    case 'object': {
      if (node.patternProperties !== undefined) {
        const [entries] = Object.values(node.patternProperties);
        return fc.dictionary(fc.string({ maxLength: 3 }), recur(entries!), { maxKeys: 3 });
      }
      const properties = node.properties ?? {};
      const required = (node.required ?? []).filter(
        (key) => !('default' in (properties[key] ?? {})),
      );
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, recur(child)])),
        { requiredKeys: required },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// One node broken in a way the schema can tell (or a way only the scan can).
function mutated(node: Node, valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [broken];
  if (node['~codec'] !== undefined) options.push(fc.constant([1, 2]));
  if (node.type === 'object' && node.patternProperties === undefined) {
    options.push(
      valid.map((value) => ({ ...(value as object), unknownKey: 1 })),
      valid.map((value) => ({ ...(value as object), unknownKey: undefined })),
      valid.chain((value) => {
        const keys = Object.keys(value as object);
        if (keys.length === 0) return fc.constant(value);
        return fc.constantFrom(...keys).map((key) => {
          const copy = { ...(value as Record<string, unknown>) };
          delete copy[key];
          return copy;
        });
      }),
    );
  }
  return fc.oneof(...options);
}

const cache = new Map<number, WeakMap<object, fc.Arbitrary<unknown>>>();

/** Values of `schema`: valid ones, and at weight `mutation` (of 100) per node, broken ones. */
export function valuesOf(schema: object, mutation: number): fc.Arbitrary<unknown> {
  let byNode = cache.get(mutation);
  if (byNode === undefined) {
    byNode = new WeakMap();
    cache.set(mutation, byNode);
  }
  const known = byNode.get(schema);
  if (known !== undefined) return known;
  const valid = base(schema as Node, mutation);
  const made =
    mutation === 0
      ? valid
      : fc.oneof(
          { arbitrary: valid, weight: 100 - mutation },
          { arbitrary: mutated(schema as Node, valid), weight: mutation },
        );
  byNode.set(schema, made);
  return made;
}
