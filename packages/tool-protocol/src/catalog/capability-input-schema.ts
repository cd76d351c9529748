// The optional JSON Schema of a capability's arguments. The protocol keeps it as data: it checks
// that it is a plain JSON object describing an object, and bounds its size, but never compiles it
// or checks request payloads against it (that is the provider's job).
import { err, ok, type Result, utf8ByteLength } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import {
  TOOL_CAPABILITY_INPUT_SCHEMA_MAX_BYTES,
  TOOL_CAPABILITY_INPUT_SCHEMA_MAX_DEPTH,
} from '../constants.js';
import { ToolValidationError } from '../errors.js';
import type { ToolCapabilityId } from '../id/tool-ids.js';

/**
 * A capability's input schema on the wire: any JSON object. Its content is checked by
 * {@link validateCapabilityInputSchema}, not by decoding.
 */
export const CapabilityInputSchemaSchema = Type.Record(Type.String(), Type.Unknown(), {
  description:
    'JSON Schema of the capability arguments; its top-level type, when given, is "object"',
});

/** A JSON Schema object describing a capability's arguments (absent: any JSON object). */
export type CapabilityInputSchema = StaticDecode<typeof CapabilityInputSchemaSchema>;

const FIELD = 'tool capability input schema';

const isPlainObject = (value: object): boolean => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

const describe = (value: unknown): string => {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return `a ${value.constructor?.name ?? 'non-plain'} object`;
  if (typeof value === 'number') return `the number ${String(value)}`;
  return `a ${typeof value}`;
};

/** The first reason `value` is not plain JSON data, with the JSON pointer of the place, or null. */
function notJson(value: unknown, path: string, ancestors: object[]): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') {
    return Number.isFinite(value) ? null : `holds ${describe(value)} at ${path || '/'}`;
  }
  if (typeof value !== 'object') return `holds ${describe(value)} at ${path || '/'}`;
  if (ancestors.includes(value)) return `refers to itself at ${path}`;
  if (ancestors.length >= TOOL_CAPABILITY_INPUT_SCHEMA_MAX_DEPTH) {
    return `nests deeper than ${TOOL_CAPABILITY_INPUT_SCHEMA_MAX_DEPTH} levels at ${path}`;
  }
  if (!Array.isArray(value) && !isPlainObject(value)) {
    return `holds ${describe(value)} at ${path || '/'}`;
  }
  ancestors.push(value);
  try {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    for (const [key, entry] of entries) {
      const escaped = key.replaceAll('~', '~0').replaceAll('/', '~1');
      const found = notJson(entry, `${path}/${escaped}`, ancestors);
      if (found !== null) return found;
    }
    return null;
  } finally {
    ancestors.pop();
  }
}

/**
 * Checks the input schema of capability `capabilityId`: a plain JSON object (`invalid-input-schema`
 * otherwise: an array, a class instance, a function, `undefined`, a non-finite number, a cycle,
 * nesting deeper than {@link TOOL_CAPABILITY_INPUT_SCHEMA_MAX_DEPTH}), whose top-level `type`, when
 * given, is `"object"` (`invalid-input-schema`), and at most
 * {@link TOOL_CAPABILITY_INPUT_SCHEMA_MAX_BYTES} bytes as JSON (`too-large`).
 */
export function validateCapabilityInputSchema(
  capabilityId: ToolCapabilityId,
  schema: unknown,
): Result<void, ToolValidationError> {
  const invalid = (problem: string) =>
    err(ToolValidationError.invalidInputSchema(capabilityId, problem));
  if (
    typeof schema !== 'object' ||
    schema === null ||
    Array.isArray(schema) ||
    !isPlainObject(schema)
  ) {
    return invalid(`is ${describe(schema)}, not a JSON object`);
  }
  const problem = notJson(schema, '', []);
  if (problem !== null) return invalid(problem);
  const { type } = schema as Record<string, unknown>;
  if (type !== undefined && type !== 'object') {
    return invalid(`has top-level type ${JSON.stringify(type)}, but a tool takes an object`);
  }
  const actual = utf8ByteLength(JSON.stringify(schema));
  if (actual > TOOL_CAPABILITY_INPUT_SCHEMA_MAX_BYTES) {
    return err(ToolValidationError.tooLarge(FIELD, TOOL_CAPABILITY_INPUT_SCHEMA_MAX_BYTES, actual));
  }
  return ok();
}
