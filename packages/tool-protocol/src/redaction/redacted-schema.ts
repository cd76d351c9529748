// Which values carry the redaction hooks, decided by schema: every value of a redacted type
// (the codecs built with `redacted: true`), wherever it sits. Constructors and decoders apply the
// same rule, so a decoded value and the value it was encoded from have the same prototypes at the
// same places, and `util.isDeepStrictEqual` (which compares prototypes) still equates them.
// A check applies it inside the codec's one-pass walk (REDACTION_HOOKS, per schema node), and a
// value the walk leaves to the reference pipeline gets it from the tree walks below.
import type { WalkNodeHook, WireCodecHooks } from '@gate4agent/types';
import type { TSchema } from 'typebox';
import { isRedacted, REDACTED_PROTOTYPE, withRedaction } from './redact.js';
import { holdsSecret, hookSecretHolders, mayHoldSecret } from './secret-holders.js';

const REDACTED_SCHEMAS = new WeakSet<object>();
// Plans computed before a later registration are stale and recomputed.
let registrations = 0;

interface SchemaShape {
  readonly type?: unknown;
  readonly anyOf?: readonly SchemaShape[];
  readonly items?: SchemaShape;
  readonly properties?: Readonly<Record<string, SchemaShape>>;
}

/** Marks `schema` as the schema of a redacted type (its codec was built with `redacted`). */
export function registerRedactedSchema(schema: TSchema): void {
  REDACTED_SCHEMAS.add(schema);
  registrations += 1;
}

// What the walk needs to know of one schema, computed once: whether it is redacted, and which of
// its parts can hold a redacted value at all (the others are never visited).
interface Plan {
  readonly registrations: number;
  readonly redacted: boolean;
  /** Whether a value of this schema can be or hold a value of a redacted type. */
  readonly relevant: boolean;
  /** Properties whose schema is relevant. */
  readonly keys: readonly (readonly [string, SchemaShape])[];
  readonly items: SchemaShape | null;
  /** Union members: the only object member, or the object members by their `kind` literal. */
  readonly objectMember: SchemaShape | null;
  readonly membersByKind: ReadonlyMap<unknown, SchemaShape> | null;
  readonly arrayMember: SchemaShape | null;
}

const PLANS = new WeakMap<object, Plan>();

function planOf(schema: SchemaShape): Plan {
  const cached = PLANS.get(schema);
  if (cached !== undefined && cached.registrations === registrations) return cached;
  const redacted = REDACTED_SCHEMAS.has(schema);
  const keys: (readonly [string, SchemaShape])[] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    if (planOf(child).relevant) keys.push([key, child]);
  }
  const items = schema.items !== undefined && planOf(schema.items).relevant ? schema.items : null;
  const members = schema.anyOf ?? [];
  const objects = members.filter((member) => member.type === 'object');
  const arrays = members.filter((member) => member.type === 'array');
  let membersByKind: Map<unknown, SchemaShape> | null = null;
  if (objects.length > 1) {
    membersByKind = new Map();
    for (const member of objects) {
      const kind = (member.properties?.kind as { const?: unknown } | undefined)?.const;
      if (kind !== undefined && !membersByKind.has(kind)) membersByKind.set(kind, member);
    }
  }
  const plan: Plan = {
    registrations,
    redacted,
    relevant:
      redacted || keys.length > 0 || items !== null || members.some((m) => planOf(m).relevant),
    keys,
    items,
    objectMember: objects.length === 1 ? (objects[0] as SchemaShape) : null,
    membersByKind,
    arrayMember: arrays.length === 1 ? (arrays[0] as SchemaShape) : null,
  };
  PLANS.set(schema, plan);
  return plan;
}

// The union member that describes `value`: by `kind` literal when members are tagged objects.
function memberOf(plan: Plan, value: object): SchemaShape | undefined {
  if (Array.isArray(value)) return plan.arrayMember ?? undefined;
  if (plan.objectMember !== null) return plan.objectMember;
  return plan.membersByKind?.get((value as { kind?: unknown }).kind);
}

function hookArray(items: SchemaShape, value: unknown[], owned: boolean): unknown[] {
  let result = value;
  for (let index = 0; index < value.length; index += 1) {
    const item = value[index];
    const hooked = hookNode(items, item, owned);
    if (hooked === item) continue;
    if (result === value && !owned) result = value.slice();
    result[index] = hooked;
  }
  return result;
}

function hookProperties(
  plan: Plan,
  value: Record<string, unknown>,
  owned: boolean,
): Record<string, unknown> {
  let result = value;
  for (const [key, schema] of plan.keys) {
    if (!Object.hasOwn(value, key)) continue;
    const child = value[key];
    const hooked = hookNode(schema, child, owned);
    if (hooked === child) continue;
    if (result === value && !owned) result = { ...value };
    result[key] = hooked;
  }
  return result;
}

/**
 * `value` with the hooks on every node whose schema is redacted. Owned values (fresh from a
 * decoder) are changed in place; otherwise a node that needs a change is copied, never mutated,
 * and a node that already has the hooks is taken as complete.
 */
function hookNode(schema: SchemaShape, value: unknown, owned: boolean): unknown {
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return value;
  // Hooked values are complete (constructors and decoders hook the whole tree), so stop here.
  if (!owned && isRedacted(value)) return value;
  const plan = planOf(schema);
  if (!plan.relevant) return value;
  if (schema.anyOf !== undefined) {
    const member = memberOf(plan, value);
    const node = (member === undefined ? value : hookNode(member, value, owned)) as object;
    if (!plan.redacted || Array.isArray(node) || isRedacted(node)) return node;
    return withRedaction(owned || node !== value ? node : { ...node });
  }
  if (Array.isArray(value)) {
    return plan.items === null ? value : hookArray(plan.items, value, owned);
  }
  const node = hookProperties(plan, value as Record<string, unknown>, owned);
  if (!plan.redacted || isRedacted(node)) return node;
  return withRedaction(owned || node !== value ? node : { ...node });
}

/** Hooks, in place, every node of a freshly decoded `value` whose schema is redacted. */
export function hookDecoded(schema: TSchema, value: unknown): void {
  hookNode(schema as SchemaShape, value, true);
}

/**
 * Gives the fresh object `fields` (a constructor's own copy, best built on `redactedObject()` so
 * it has the hooks from the start) the hooks, after replacing each child of a redacted type that
 * lacks them by a hooked copy; the caller's children are never mutated.
 */
export function redactedValue<T extends object>(schema: TSchema, fields: T): T {
  const shape = schema as SchemaShape;
  const plan = planOf(shape);
  const member = shape.anyOf === undefined ? shape : memberOf(plan, fields);
  if (member !== undefined) {
    const record = fields as Record<string, unknown>;
    for (const [key, child] of planOf(member).keys) {
      if (!Object.hasOwn(record, key)) continue;
      const value = record[key];
      // A child a constructor built is complete (as in hookNode), the common case.
      if (isRedacted(value)) continue;
      const hooked = hookNode(child, value, false);
      if (hooked !== value) record[key] = hooked;
    }
  }
  return withRedaction(fields);
}

const hookSecretHolder = (copy: Record<string, unknown>): void => {
  if (holdsSecret(copy)) withRedaction(copy);
};

// A copy of a redacted type is created with the redaction prototype.
const REDACTED_NODE: WalkNodeHook = { prototype: REDACTED_PROTOTYPE };

/**
 * The hook the codecs' one-pass walk runs on each plain object it builds for `node`: the same
 * prototypes {@link hookSecretHolders} and {@link hookDecoded} give a whole value, decided per
 * node. A node of a redacted type gets the hooks, except below a record's values, where
 * {@link hookDecoded} does not go; any object that can hold a secret gets them if it does.
 */
function redactionHookOf(node: TSchema, underRecord: boolean): WalkNodeHook | null {
  if (!underRecord && REDACTED_SCHEMAS.has(node)) return REDACTED_NODE;
  const shape = node as { anyOf?: unknown; properties?: Readonly<Record<string, unknown>> };
  if (shape.anyOf !== undefined) return null; // its branches' objects are hooked by their nodes
  if (alwaysHoldsSecret(node as ObjectShape)) return REDACTED_NODE;
  const names = shape.properties === undefined ? null : Object.keys(shape.properties);
  return mayHoldSecret(names) ? hookSecretHolder : null;
}

interface ObjectShape {
  readonly properties?: Readonly<
    Record<string, { readonly const?: unknown; readonly type?: unknown }>
  >;
  readonly required?: readonly string[];
}

/**
 * Whether every value that passes `node`'s walk holds a secret ({@link holdsSecret}): a required
 * bytes `payload`, an `inline` kind with required bytes, an `opaque-reference` kind with a required
 * string `reference`. Such copies are created with the hooks rather than given them afterwards.
 */
function alwaysHoldsSecret(node: ObjectShape): boolean {
  const { properties, required } = node;
  if (properties === undefined || required === undefined) return false;
  const has = (key: string) => Object.hasOwn(properties, key) && required.includes(key);
  const isBytes = (key: string) => has(key) && '~codec' in (properties[key] as object);
  const kind = has('kind') ? properties.kind?.const : undefined;
  return (
    isBytes('payload') ||
    (kind === 'inline' && isBytes('bytes')) ||
    (kind === 'opaque-reference' && has('reference') && properties.reference?.type === 'string')
  );
}

/** The redaction hooks of every tool-protocol codec (`WireCodecHooks` of `@gate4agent/types`). */
export const REDACTION_HOOKS: WireCodecHooks = {
  hookOf: redactionHookOf,
  hookTree(schema, value) {
    hookSecretHolders(value);
    hookDecoded(schema, value);
  },
  revision: () => registrations,
};
