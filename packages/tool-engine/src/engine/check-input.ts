// The shape check every ToolEngine entry point runs first (ARCHITECTURE decision 6): the compiled
// validator of the argument's wire schema, on the in-memory value. A failure is an
// `invalid-input` error and nothing changes; a success hands on a fresh copy, so a caller that
// mutates its argument later cannot reach into the engine.
import type { ToolValidationError } from '@gate4agent/tool-protocol';
import {
  AgentInstanceId,
  createWireCodec,
  err,
  ok,
  type Result,
  SafeIntegerSchema,
  type SchemaViolation,
  SessionGeneration,
} from '@gate4agent/types';
import { ToolEngineError } from '../errors.js';

/** The codecs of the scalar arguments: ticks, instance ids and generations. */
export const scalarCodecs = {
  tick: createWireCodec('tick', SafeIntegerSchema),
  instanceId: createWireCodec('instanceId', AgentInstanceId.schema),
  generation: createWireCodec('generation', SessionGeneration.schema),
} as const;

/** A short rendering of a rejected argument for a message. */
export const show = (value: unknown): string => {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) {
    return String(value);
  }
  return `a ${Array.isArray(value) ? 'array' : typeof value}`;
};

/** Checks a tick, instance id or generation: a safe non-negative integer. */
export function checkScalar(
  method: string,
  argument: keyof typeof scalarCodecs,
  value: unknown,
): Result<number, ToolEngineError> {
  if (scalarCodecs[argument].checkValue(value).ok) return ok(value as number);
  const violation: SchemaViolation = {
    kind: 'schema-violation',
    schema: argument,
    path: '',
    message: `${argument} must be an integer from 0 to ${Number.MAX_SAFE_INTEGER}, got ${show(value)}`,
  };
  return err(ToolEngineError.invalidInput(method, violation));
}

/**
 * Checks a wire value with its codec. When the shape is wrong, `explain` (the protocol's own
 * validator, run defensively) may name the rule the value breaks, as the upstream error did.
 */
export function checkWire<T>(
  method: string,
  codec: { checkValue(value: unknown): Result<T, SchemaViolation> },
  value: unknown,
  explain?: (value: never) => Result<void, ToolValidationError>,
): Result<T, ToolEngineError> {
  const checked = codec.checkValue(value);
  return checked.ok ? ok(checked.value) : rejectWire(method, checked.error, value, explain);
}

/**
 * The error for a wire value its codec refused with `violation`: the rule `explain` names when it
 * can read the value, else the schema violation.
 */
export function rejectWire(
  method: string,
  violation: SchemaViolation,
  value: unknown,
  explain?: (value: never) => Result<void, ToolValidationError>,
): Result<never, ToolEngineError> {
  if (explain !== undefined) {
    try {
      const explained = explain(value as never);
      if (!explained.ok) return err(ToolEngineError.validation(explained.error));
    } catch {
      // The value is too malformed for the protocol validator; the schema violation says why.
    }
  }
  return err(ToolEngineError.invalidInput(method, violation));
}
