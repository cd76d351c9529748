// The leaves of the one-pass walk: primitives (strings, numbers, booleans, null, literals and
// enums, with their bounds and refinements) and `Type.Unknown()` values, copied as the scan does.
import { DECODE_DEPTH_MAX, DECODE_VALUES_MAX } from '../constants.js';
import {
  type Compiled,
  type Context,
  fail,
  isPrimitive,
  type Node,
  PRIMITIVE_TYPES,
  stringWithinLimits,
  type Walk,
} from './walk-node.js';

/** `Type.Unknown()` / `Type.Any()` at `level` containers deep: any JSON-shaped value. */
export function compileAnything(
  hook: ((copy: Record<string, unknown>) => void) | null,
  level: number,
): Compiled {
  const copyOf = (value: unknown, context: Context, containers: number): unknown => {
    context.values += 1;
    switch (typeof value) {
      case 'string':
        if (!stringWithinLimits(value)) fail();
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

/** A primitive node, or `null` when it uses a keyword the walk lacks. */
export function compilePrimitive(node: Node): Compiled | null {
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
  const specialized = specializedPrimitive(
    type,
    hasConst,
    constant,
    options,
    minimum,
    maximum,
    refine,
  );
  if (specialized !== null) return { walk: specialized, leaf: true, hooked: false, bytes: false };
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
      if (!stringWithinLimits(value)) fail();
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

type Refinement = { readonly check: (value: unknown) => boolean };

/**
 * The walks of the most common primitives (a string with at most one refinement and no literal,
 * an integer with bounds, a string literal, a boolean), with their checks decided at compile time;
 * `null` for the others, which take the general walk. Each accepts exactly what the general walk
 * accepts for the same node.
 */
function specializedPrimitive(
  type: unknown,
  hasConst: boolean,
  constant: unknown,
  options: readonly unknown[] | undefined,
  minimum: number | undefined,
  maximum: number | undefined,
  refine: readonly Refinement[],
): Walk | null {
  if (options !== undefined || refine.length > 1) return null;
  const refinement = refine.length === 1 ? refine[0]! : null;
  if (type === 'string' && minimum === undefined && maximum === undefined) {
    if (hasConst) {
      // Only the literal itself passes, and it passes when it is within the scan's limits.
      if (typeof constant !== 'string' || !stringWithinLimits(constant) || refinement !== null)
        return null;
      return (value, context) => {
        context.values += 1;
        if (value !== constant) fail();
        return value;
      };
    }
    if (refinement === null) {
      return (value, context) => {
        context.values += 1;
        if (typeof value !== 'string' || !stringWithinLimits(value)) fail();
        return value;
      };
    }
    return (value, context) => {
      context.values += 1;
      if (typeof value !== 'string' || !stringWithinLimits(value) || !refinement.check(value))
        fail();
      return value;
    };
  }
  if (type === 'integer' && !hasConst && refinement === null) {
    const low = minimum ?? Number.NEGATIVE_INFINITY;
    const high = maximum ?? Number.POSITIVE_INFINITY;
    return (value, context) => {
      context.values += 1;
      if (!Number.isInteger(value) || !((value as number) >= low && (value as number) <= high))
        fail();
      return value;
    };
  }
  if (type === 'boolean' && !hasConst && refinement === null) {
    if (minimum !== undefined || maximum !== undefined) return null;
    return (value, context) => {
      context.values += 1;
      if (typeof value !== 'boolean') fail();
      return value;
    };
  }
  return null;
}
