// The pinned per-agent session-option catalogs (gate4agent-adapters session_options.rs), launch
// side only: models, their options, defaults and how each is applied on the command line.
import { type AdapterId, err, ok, type Result } from '@gate4agent/types';
import { SESSION_OPTION_CATALOG_REVISION } from '../constants.js';
import { SessionOptionAdapterError } from './session-option-adapter-error.js';

/** What an option is about. */
export type SessionOptionCategory = 'model' | 'thought-level' | 'model-config' | 'mode';

/** One choice of a select option. */
export interface SessionOptionChoice {
  readonly value: string;
  readonly label: string;
}

/** A select (string) or boolean option with its default. */
export type SessionOptionKind =
  | {
      readonly kind: 'select';
      readonly choices: readonly SessionOptionChoice[];
      readonly defaultValue: string;
    }
  | { readonly kind: 'boolean'; readonly defaultValue: boolean };

/** How a value reaches the launch: `<flag> <value>` or `<flag> <key>=<value>`. */
export type SessionOptionLaunchApplication =
  | { readonly kind: 'flag'; readonly flag: string }
  | { readonly kind: 'config'; readonly flag: string; readonly key: string };

/** Caller arguments that override a generated one (then it is not reported as applied). */
export type SessionOptionArgumentOverride =
  | { readonly kind: 'flags'; readonly flags: readonly string[] }
  | { readonly kind: 'codex-reasoning-effort' };

/** How an option (or the model) is applied at launch. */
export interface SessionOptionApply {
  readonly launch: SessionOptionLaunchApplication | null;
  readonly argumentOverride: SessionOptionArgumentOverride | null;
  /** Folded into the model id (Cursor) instead of its own argument. */
  readonly composedIntoModel: boolean;
}

/** One option of a model. */
export interface SessionOption {
  readonly id: string;
  readonly label: string;
  readonly category: SessionOptionCategory;
  readonly kind: SessionOptionKind;
  readonly apply: SessionOptionApply;
}

/** One model of a catalog and the options it takes. */
export interface SessionOptionModel {
  readonly id: string;
  readonly label: string;
  readonly isDefault: boolean;
  readonly options: readonly SessionOption[];
}

/** The pinned catalog of one session-option adapter. */
export interface AgentSessionOptionCatalog {
  readonly adapterId: AdapterId;
  readonly revision: string;
  readonly models: readonly SessionOptionModel[];
  readonly modelApply: SessionOptionApply;
}

const flag = (name: string): SessionOptionLaunchApplication => ({ kind: 'flag', flag: name });
const overrides = (...flags: string[]): SessionOptionArgumentOverride => ({ kind: 'flags', flags });
const COMPOSED: SessionOptionApply = {
  launch: null,
  argumentOverride: null,
  composedIntoModel: true,
};

function select(
  id: string,
  label: string,
  category: SessionOptionCategory,
  choices: [string, string][],
  defaultValue: string,
  apply: SessionOptionApply,
): SessionOption {
  return {
    id,
    label,
    category,
    kind: {
      kind: 'select',
      choices: choices.map(([value, text]) => ({ value, label: text })),
      defaultValue,
    },
    apply,
  };
}

function boolean(
  id: string,
  label: string,
  category: SessionOptionCategory,
  defaultValue: boolean,
  apply: SessionOptionApply,
): SessionOption {
  return { id, label, category, kind: { kind: 'boolean', defaultValue }, apply };
}

function model(
  id: string,
  label: string,
  isDefault: boolean,
  options: SessionOption[] = [],
): SessionOptionModel {
  return { id, label, isDefault, options };
}

function claudeEffort(): SessionOption {
  const choices: [string, string][] = [
    ['low', 'Low'],
    ['medium', 'Medium'],
    ['high', 'High'],
    ['xhigh', 'Extra high'],
    ['max', 'Max'],
  ];
  return select('effort', 'Effort', 'thought-level', choices, 'high', {
    launch: flag('--effort'),
    argumentOverride: overrides('--effort'),
    composedIntoModel: false,
  });
}

function codexEffort(includeExtraHigh: boolean): SessionOption {
  const choices: [string, string][] = [
    ['minimal', 'Minimal'],
    ['low', 'Low'],
    ['medium', 'Medium'],
    ['high', 'High'],
  ];
  if (includeExtraHigh) choices.push(['xhigh', 'Extra high']);
  return select('effort', 'Reasoning effort', 'thought-level', choices, 'medium', {
    launch: { kind: 'config', flag: '-c', key: 'model_reasoning_effort' },
    argumentOverride: { kind: 'codex-reasoning-effort' },
    composedIntoModel: false,
  });
}

function cursorEffort(): SessionOption {
  const choices: [string, string][] = [
    ['low', 'Low'],
    ['medium', 'Medium'],
    ['high', 'High'],
  ];
  return select('effort', 'Effort', 'thought-level', choices, 'high', COMPOSED);
}

function catalog(
  adapterId: AdapterId,
  models: SessionOptionModel[],
  modelApply: SessionOptionApply,
): AgentSessionOptionCatalog {
  return { adapterId, revision: SESSION_OPTION_CATALOG_REVISION, models, modelApply };
}

const BUILDERS: Readonly<Record<string, (adapterId: AdapterId) => AgentSessionOptionCatalog>> = {
  'claude-code': (adapterId) =>
    catalog(
      adapterId,
      [
        model('fable', 'Fable 5', false, [claudeEffort()]),
        model('opus', 'Opus 4.8', false, [
          claudeEffort(),
          // Toggled mid-session only (`/fast`); it has no launch flag.
          boolean('fastMode', 'Fast mode', 'mode', false, {
            launch: null,
            argumentOverride: null,
            composedIntoModel: false,
          }),
        ]),
        model('sonnet', 'Sonnet 5', true, [claudeEffort()]),
        model('haiku', 'Haiku', false),
      ],
      { launch: flag('--model'), argumentOverride: overrides('--model'), composedIntoModel: false },
    ),
  codex: (adapterId) =>
    catalog(
      adapterId,
      [
        model('gpt-5.6-sol', 'GPT-5.6 Sol', false, [codexEffort(true)]),
        model('gpt-5.6-terra', 'GPT-5.6 Terra', false, [codexEffort(true)]),
        model('gpt-5.6-luna', 'GPT-5.6 Luna', false, [codexEffort(false)]),
        model('gpt-5.5', 'GPT-5.5', false, [codexEffort(true)]),
        model('gpt-5.2-codex', 'GPT-5.2 Codex', false, [codexEffort(true)]),
      ],
      {
        launch: flag('-m'),
        argumentOverride: overrides('-m', '--model'),
        composedIntoModel: false,
      },
    ),
  gemini: (adapterId) =>
    catalog(
      adapterId,
      [
        model('gemini-3-pro-preview', 'Gemini 3 Pro Preview', false),
        model('gemini-3-flash-preview', 'Gemini 3 Flash Preview', false),
        model('gemini-2.5-pro', 'Gemini 2.5 Pro', false),
        model('gemini-2.5-flash', 'Gemini 2.5 Flash', false),
      ],
      {
        launch: flag('-m'),
        argumentOverride: overrides('-m', '--model'),
        composedIntoModel: false,
      },
    ),
  cursor: (adapterId) =>
    catalog(
      adapterId,
      [
        model('auto', 'Auto', true),
        model('gpt-5.3-codex', 'GPT-5.3 Codex', false, [
          cursorEffort(),
          boolean('fastMode', 'Fast mode', 'mode', false, COMPOSED),
        ]),
        model('claude-opus-4-8', 'Claude Opus 4.8', false, [
          boolean('thinking', 'Thinking', 'model-config', true, COMPOSED),
          cursorEffort(),
        ]),
      ],
      {
        launch: flag('--model'),
        argumentOverride: overrides('-m', '--model'),
        composedIntoModel: false,
      },
    ),
};

/** The pinned catalog of a session-option adapter (`claude-code`, `codex`, `gemini`, `cursor`). */
export function sessionOptionCatalog(
  adapterId: AdapterId,
): Result<AgentSessionOptionCatalog, SessionOptionAdapterError> {
  const build = BUILDERS[adapterId];
  return build === undefined
    ? err(SessionOptionAdapterError.unsupportedAdapter(adapterId))
    : ok(build(adapterId));
}
