import {
  type AdapterId,
  compareUtf8,
  err,
  hasControlChar,
  ok,
  type Result,
  SESSION_OPTION_ID_MAX_BYTES,
  SESSION_OPTION_VALUE_MAX_BYTES,
  SESSION_OPTION_VALUES_MAX,
  type SessionOptionSelection,
  type SessionOptionValue,
  utf8ByteLength,
} from '@gate4agent/types';
import { SessionOptionAdapterError } from './session-option-adapter-error.js';
import {
  type SessionOptionApply,
  type SessionOptionKind,
  type SessionOptionModel,
  sessionOptionCatalog,
} from './session-option-catalog.js';

/** Generated launch arguments and the part of the selection they really apply. */
export interface ResolvedSessionOptionLaunch {
  readonly args: readonly string[];
  /** `null` when a caller argument overrides the model; else the model plus effective values. */
  readonly applied: SessionOptionSelection | null;
}

// Rust's trim(): the Unicode White_Space set.
const RUST_TRIM =
  /^[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+|[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+$/gu;

type Adapted<T> = Result<T, SessionOptionAdapterError>;

function normalizeValue(value: string): Adapted<string> {
  const trimmed = value.replace(RUST_TRIM, '');
  if (
    trimmed.length === 0 ||
    utf8ByteLength(trimmed) > SESSION_OPTION_VALUE_MAX_BYTES ||
    hasControlChar(trimmed)
  ) {
    return err(SessionOptionAdapterError.invalidValue());
  }
  return ok(trimmed);
}

function normalizeSelection(selection: SessionOptionSelection): Adapted<SessionOptionSelection> {
  const model = normalizeValue(selection.model);
  if (!model.ok) return model;
  const ids = Object.keys(selection.values).sort(compareUtf8);
  if (ids.length > SESSION_OPTION_VALUES_MAX) return err(SessionOptionAdapterError.tooManyValues());
  const values: Record<string, SessionOptionValue> = {};
  for (const id of ids) {
    if (id.length === 0 || utf8ByteLength(id) > SESSION_OPTION_ID_MAX_BYTES || hasControlChar(id)) {
      return err(SessionOptionAdapterError.invalidOptionId());
    }
    if (id === 'model') return err(SessionOptionAdapterError.reservedModelOption());
    const value = selection.values[id] as SessionOptionValue;
    if (typeof value === 'string') {
      const normalized = normalizeValue(value);
      if (!normalized.ok) return normalized;
      values[id] = normalized.value;
    } else {
      values[id] = value;
    }
  }
  return ok({ model: model.value, values });
}

function defaultValue(kind: SessionOptionKind): SessionOptionValue {
  return kind.defaultValue;
}

function accepts(kind: SessionOptionKind, value: SessionOptionValue): boolean {
  return kind.kind === 'select' ? typeof value === 'string' : typeof value === 'boolean';
}

function resolvedModelValues(
  model: SessionOptionModel,
  selection: SessionOptionSelection,
): Adapted<Map<string, SessionOptionValue>> {
  const values = new Map<string, SessionOptionValue>();
  for (const option of model.options) {
    const value = selection.values[option.id] ?? defaultValue(option.kind);
    if (!accepts(option.kind, value))
      return err(SessionOptionAdapterError.invalidValueType(option.id));
    values.set(option.id, value);
  }
  return ok(values);
}

function launchArgs(apply: SessionOptionApply, value: string): string[] | null {
  if (apply.launch === null) return null;
  return apply.launch.kind === 'flag'
    ? [apply.launch.flag, value]
    : [apply.launch.flag, `${apply.launch.key}=${value}`];
}

function hasFlag(tokens: readonly string[], flags: readonly string[]): boolean {
  return tokens.some((token) =>
    flags.some(
      (flag) =>
        token === flag ||
        token.startsWith(`${flag}=`) ||
        (flag.startsWith('-') && !flag.startsWith('--') && token.startsWith(flag)),
    ),
  );
}

function isOverridden(apply: SessionOptionApply, tokens: readonly string[]): boolean {
  const override = apply.argumentOverride;
  if (override === null) return false;
  if (override.kind === 'flags') return hasFlag(tokens, override.flags);
  return (
    hasFlag(tokens, ['--reasoning-effort']) ||
    tokens.some((token, index) => {
      const previous = index > 0 ? tokens[index - 1] : undefined;
      return (
        (token.startsWith('model_reasoning_effort=') &&
          (previous === '-c' || previous === '--config')) ||
        token.startsWith('-cmodel_reasoning_effort=') ||
        token.startsWith('-c=model_reasoning_effort=') ||
        token.startsWith('--config=model_reasoning_effort=')
      );
    })
  );
}

function composeCursorModel(modelId: string, values: Map<string, SessionOptionValue>): string {
  if (modelId === 'auto') return modelId;
  const effortValue = values.get('effort');
  const effort = typeof effortValue === 'string' ? `-${effortValue}` : '';
  if (modelId.startsWith('claude-')) {
    return `${modelId}${values.get('thinking') === true ? '-thinking' : ''}${effort}`;
  }
  return `${modelId}${effort}${values.get('fastMode') === true ? '-fast' : ''}`;
}

/**
 * Turns a selection into launch arguments for one session-option adapter. Values missing from the
 * selection take the model's defaults; a model outside the pinned catalog is passed through as is.
 * `trailingAgentArgs` are the caller's later arguments: an option they override is still generated
 * (the caller's later flag wins) but not reported in `applied`.
 */
export function resolveSessionOptionLaunch(
  adapterId: AdapterId,
  selection: SessionOptionSelection,
  trailingAgentArgs: readonly string[],
): Adapted<ResolvedSessionOptionLaunch> {
  const catalog = sessionOptionCatalog(adapterId);
  if (!catalog.ok) return catalog;
  const normalized = normalizeSelection(selection);
  if (!normalized.ok) return normalized;
  const chosen = normalized.value;
  const model = catalog.value.models.find((entry) => entry.id === chosen.model);
  let values = new Map<string, SessionOptionValue>();
  if (model !== undefined) {
    const resolved = resolvedModelValues(model, chosen);
    if (!resolved.ok) return resolved;
    values = resolved.value;
  }
  const modelValue =
    adapterId === 'cursor' ? composeCursorModel(chosen.model, values) : chosen.model;
  const modelOverridden = isOverridden(catalog.value.modelApply, trailingAgentArgs);
  const args = launchArgs(catalog.value.modelApply, modelValue) ?? [];
  const appliedValues: Record<string, SessionOptionValue> = {};
  for (const option of model?.options ?? []) {
    const value = values.get(option.id) as SessionOptionValue;
    if (option.apply.composedIntoModel) {
      appliedValues[option.id] = value;
      continue;
    }
    if (option.apply.launch === null) continue;
    if (typeof value !== 'string') return err(SessionOptionAdapterError.invalidValue());
    args.push(...(launchArgs(option.apply, value) ?? []));
    if (!isOverridden(option.apply, trailingAgentArgs)) appliedValues[option.id] = value;
  }
  if (modelOverridden) return ok({ args, applied: null });
  const sorted: Record<string, SessionOptionValue> = {};
  for (const key of Object.keys(appliedValues).sort(compareUtf8))
    sorted[key] = appliedValues[key] as SessionOptionValue;
  return ok({ args, applied: { model: chosen.model, values: sorted } });
}
