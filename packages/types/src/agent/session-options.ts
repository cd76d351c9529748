import Type, { type Static } from 'typebox';
import {
  SESSION_OPTION_ID_MAX_BYTES,
  SESSION_OPTION_VALUE_MAX_BYTES,
  SESSION_OPTION_VALUES_MAX,
} from '../constants.js';
import { err, ok, type Result } from '../shared/result.js';
import { compareUtf8, hasControlChar, isBlank, utf8ByteLength } from '../shared/text.js';

/** TypeBox schema of {@link SessionOptionValue}: a JSON string or boolean (numbers are rejected). */
export const SessionOptionValueSchema = Type.Union([Type.String(), Type.Boolean()]);

/** One session option value (upstream untagged `String | Boolean`). */
export type SessionOptionValue = Static<typeof SessionOptionValueSchema>;

/** TypeBox schema of {@link SessionOptionSelection}. */
export const SessionOptionSelectionSchema = Type.Object({
  model: Type.String(),
  values: Type.Record(Type.String(), SessionOptionValueSchema, { default: {} }),
});

/** A model plus option values (effort, fast mode, …) chosen for a session. Keys sort bytewise. */
export type SessionOptionSelection = Static<typeof SessionOptionSelectionSchema>;

/** Why a {@link SessionOptionSelection} is invalid. */
export type SessionOptionValidationError =
  | {
      readonly kind: 'invalid-value';
      readonly field: 'model' | 'option value';
      readonly message: string;
    }
  | { readonly kind: 'invalid-option-id'; readonly message: string }
  | { readonly kind: 'reserved-model-option'; readonly message: string }
  | {
      readonly kind: 'too-many-values';
      readonly count: number;
      readonly max: number;
      readonly message: string;
    };

/** One factory per {@link SessionOptionValidationError} variant, with the upstream wording. */
export const SessionOptionValidationError = {
  invalidValue: (field: 'model' | 'option value'): SessionOptionValidationError => ({
    kind: 'invalid-value',
    field,
    message: `session-option ${field} is empty, contains controls, or exceeds its bound; pass a short single-line value`,
  }),
  invalidOptionId: (): SessionOptionValidationError => ({
    kind: 'invalid-option-id',
    message:
      'session-option ID is empty, contains controls, or exceeds its bound; pass a short single-line ID',
  }),
  reservedModelOption: (): SessionOptionValidationError => ({
    kind: 'reserved-model-option',
    message:
      'session-option selection cannot store a second model field; set the model through the model field only',
  }),
  tooManyValues: (count: number, max: number): SessionOptionValidationError => ({
    kind: 'too-many-values',
    count,
    max,
    message: `session-option selection has ${count} values; the limit is ${max}, so remove some`,
  }),
};

function validValue(value: string): boolean {
  return (
    !isBlank(value) &&
    utf8ByteLength(value) <= SESSION_OPTION_VALUE_MAX_BYTES &&
    !hasControlChar(value)
  );
}

function sortedValues(
  values: Readonly<Record<string, SessionOptionValue>>,
): Record<string, SessionOptionValue> {
  const sorted: Record<string, SessionOptionValue> = {};
  for (const key of Object.keys(values).sort(compareUtf8))
    sorted[key] = values[key] as SessionOptionValue;
  return sorted;
}

/** Builders and validation of {@link SessionOptionSelection}. */
export const SessionOptionSelection = {
  schema: SessionOptionSelectionSchema,
  /** A selection of `model` with no option values. */
  new(model: string): SessionOptionSelection {
    return { model, values: {} };
  },
  /** A copy with `id` set to `value` (inserted or replaced), keys kept in byte order. */
  withValue(
    selection: SessionOptionSelection,
    id: string,
    value: SessionOptionValue,
  ): SessionOptionSelection {
    return { model: selection.model, values: sortedValues({ ...selection.values, [id]: value }) };
  },
  /** Checks model, count, then each entry in byte order of its id; the first failure wins. */
  validate(selection: SessionOptionSelection): Result<void, SessionOptionValidationError> {
    if (!validValue(selection.model))
      return err(SessionOptionValidationError.invalidValue('model'));
    const ids = Object.keys(selection.values).sort(compareUtf8);
    if (ids.length > SESSION_OPTION_VALUES_MAX) {
      return err(SessionOptionValidationError.tooManyValues(ids.length, SESSION_OPTION_VALUES_MAX));
    }
    for (const id of ids) {
      if (id === 'model') return err(SessionOptionValidationError.reservedModelOption());
      if (
        id.length === 0 ||
        utf8ByteLength(id) > SESSION_OPTION_ID_MAX_BYTES ||
        hasControlChar(id)
      ) {
        return err(SessionOptionValidationError.invalidOptionId());
      }
      const value = selection.values[id];
      if (typeof value === 'string' && !validValue(value)) {
        return err(SessionOptionValidationError.invalidValue('option value'));
      }
    }
    return ok(undefined);
  },
};

/** @deprecated use {@link SessionOptionValidationError} (one error-factory naming, CONTRIBUTING.md). */
export const sessionOptionValidationError = SessionOptionValidationError;
