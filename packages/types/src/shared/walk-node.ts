// The parts of the one-pass walk (compiled-walk.ts): its hooks, the closures it is made of, how a
// mismatch is thrown, and the schema keywords it implements.
import type { TSchema } from 'typebox';
import { DECODE_VALUES_MAX } from '../constants.js';
import { checkString, STRING_SCAN_UNITS } from './bounded-scan.js';

/** What a compiled walk returns when it gives up: the caller runs the reference pipeline. */
export const WALK_MISMATCH: unique symbol = Symbol('walk-mismatch');

/**
 * What the walk does to each fresh plain object it builds for one schema node: a function run on
 * it once its entries are in, or `{ prototype }`, the prototype it is created with (cheaper than
 * `Object.setPrototypeOf` afterwards).
 */
export type WalkNodeHook =
  | ((copy: Record<string, unknown>) => void)
  | { readonly prototype: object };

/**
 * Per-node hooks: called once per object or union schema node at compile time, it returns what
 * the walk does to every fresh plain object it builds for that node, or `null`. `underRecord` is
 * true below a record's (`patternProperties`) values.
 */
export type WalkHookOf = (node: TSchema, underRecord: boolean) => WalkNodeHook | null;

/** The hook as a function run on a finished copy. */
export function hookFunction(
  hook: WalkNodeHook | null,
): ((copy: Record<string, unknown>) => void) | null {
  if (hook === null || typeof hook === 'function') return hook;
  const { prototype } = hook;
  return (copy) => {
    Object.setPrototypeOf(copy, prototype);
  };
}

/** A compiled walk: the checked copy of `value`, or {@link WALK_MISMATCH}. Never throws. */
export type CompiledWalk = (value: unknown) => unknown;

export interface Context {
  values: number;
}

export type Walk = (value: unknown, context: Context) => unknown;

export interface Compiled {
  readonly walk: Walk;
  /** Accepts no container (object, array or bytes): safe where the reference walks do not go. */
  readonly leaf: boolean;
  /** Holds a hook somewhere. */
  readonly hooked: boolean;
  /** Holds bytes somewhere (the reference checks placeholders there, not the bytes). */
  readonly bytes: boolean;
  /** The prototype every object this walk returns is created with and keeps (objects only). */
  readonly prototype?: object;
}

export interface Node {
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
export const MISMATCH = Object.freeze({ mismatch: true });
export const fail = (): never => {
  throw MISMATCH;
};

// Keywords that annotate and never change what a check accepts.
export const ANNOTATIONS = new Set([
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

export const KEYWORDS = new Set([
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

export const PRIMITIVE_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'null']);

export const isPrimitive = (value: unknown): boolean =>
  value === null || (typeof value !== 'object' && typeof value !== 'function');

export function keywordsSupported(node: Node): boolean {
  for (const key of Object.getOwnPropertyNames(node)) {
    if (!KEYWORDS.has(key) && !key.startsWith('x-')) return false;
  }
  return Object.getOwnPropertySymbols(node).length === 0;
}

/** A plain object (not an array, not bytes) whose `kind` the walk may read. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Uint8Array);

/** Whether the string `value` is within the scan's limits (size, no lone surrogate). */
export const stringWithinLimits = (value: string): boolean =>
  (value.length <= STRING_SCAN_UNITS && value.isWellFormed()) || checkString(value, '') === null;

/** Runs `walk` on `value` with a fresh value count: its copy, or {@link WALK_MISMATCH}. */
export function run(walk: Walk, value: unknown): unknown {
  const context: Context = { values: 0 };
  try {
    const result = walk(value, context);
    return context.values > DECODE_VALUES_MAX ? WALK_MISMATCH : result;
  } catch {
    return WALK_MISMATCH;
  }
}
