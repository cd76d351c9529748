// The dialogs each agent shows that only a person should answer, as phrases on its screen.
// `verifiedWith` names the CLI release whose real screen the phrases were copied from (see the
// README's "Verified against" section and test/fixtures/screens/); `null` marks wording taken
// from upstream gate4agent or the vendor's source without a live capture here.
import type { OperatorGateKind } from '@gate4agent/types';

/** One dialog: how to recognise it and where its visible text starts and ends. */
export interface OperatorGateRecogniser {
  readonly kind: OperatorGateKind;
  /** Agent ids this dialog belongs to; `'any'` for wording several agents share. */
  readonly agents: readonly string[] | 'any';
  /** Lower-case phrases that must all appear (whitespace collapsed, so wrapping is harmless). */
  readonly all: readonly string[];
  /** Lower-case phrases of which at least one must appear; empty means no such condition. */
  readonly any: readonly string[];
  /** Lower-case phrase of the dialog's first line; default the first of `all`. */
  readonly start?: string;
  /** Lower-case phrase of the dialog's last line (included); default the end of the screen. */
  readonly end?: string;
  /** The CLI release whose screen showed this wording, or `null` when not captured live. */
  readonly verifiedWith: string | null;
}

const gate = (recogniser: OperatorGateRecogniser) => recogniser;

/** Agent-specific dialogs first (their text bounds are exact), then shared wording. */
export const OPERATOR_GATE_RECOGNISERS: readonly OperatorGateRecogniser[] = [
  // Claude Code
  gate({
    kind: 'trust',
    agents: ['claude', 'openclaude'],
    all: ['quick safety check'],
    any: ['yes, i trust this folder', 'continue without these permissions'],
    start: 'accessing workspace',
    end: 'enter to confirm',
    verifiedWith: '2.1.197',
  }),
  gate({
    kind: 'login',
    agents: ['claude', 'openclaude'],
    all: ['detected a custom api key', 'do you want to use this api key'],
    any: [],
    end: 'enter to confirm',
    verifiedWith: '2.1.197',
  }),
  gate({
    kind: 'login',
    agents: ['claude', 'openclaude'],
    all: ['select login method'],
    any: [],
    verifiedWith: null,
  }),
  gate({
    kind: 'tool-approval',
    agents: ['claude', 'openclaude'],
    all: ['1. yes'],
    any: ['do you want to proceed?', 'do you want to make this edit', 'do you want to create'],
    start: 'do you want to',
    end: 'esc to cancel',
    verifiedWith: null,
  }),
  // Codex
  gate({
    kind: 'login',
    agents: ['codex'],
    all: ['sign in with chatgpt'],
    any: [],
    start: 'welcome to codex',
    end: 'press enter to continue',
    verifiedWith: '0.171.0',
  }),
  gate({
    kind: 'trust',
    agents: ['codex'],
    all: ['trust this folder?', 'trust and continue'],
    any: [],
    start: 'folder access',
    end: 'enter continue',
    verifiedWith: '0.171.0',
  }),
  gate({
    kind: 'tool-approval',
    agents: ['codex'],
    all: [],
    any: [
      'would you like to run the following command?',
      'would you like to make the following edits?',
    ],
    start: 'would you like to',
    verifiedWith: null,
  }),
  gate({
    kind: 'update',
    agents: ['codex'],
    all: ['update available'],
    any: ['update now', 'skip'],
    start: 'update available',
    verifiedWith: null,
  }),
  // Gemini CLI and Qwen Code (a Gemini CLI fork)
  gate({
    kind: 'trust',
    agents: ['gemini', 'qwen-code'],
    all: [],
    any: ['do you trust the files in this folder?', 'do you trust this folder?'],
    start: 'do you trust',
    end: "don't trust",
    verifiedWith: '0.61.0',
  }),
  gate({
    kind: 'login',
    agents: ['gemini'],
    all: ['how would you like to authenticate'],
    any: [],
    start: 'get started',
    end: 'use enter to select',
    verifiedWith: '0.61.0',
  }),
  gate({
    kind: 'login',
    agents: ['gemini'],
    all: ['waiting for authentication'],
    any: [],
    end: 'ctrl+c to cancel',
    verifiedWith: '0.61.0',
  }),
  gate({
    kind: 'login',
    agents: ['qwen-code'],
    all: ['select authentication method'],
    any: [],
    end: 'custom provider',
    verifiedWith: '0.15.10',
  }),
  gate({
    kind: 'tool-approval',
    agents: ['gemini', 'qwen-code'],
    all: [],
    any: ['allow execution of', 'apply this change?', 'allow once'],
    start: 'allow',
    verifiedWith: null,
  }),
  // OpenCode
  gate({
    kind: 'tool-approval',
    agents: ['opencode'],
    all: ['permission required'],
    any: ['allow once', 'allow always', 'reject'],
    verifiedWith: null,
  }),
  // Shared wording, from upstream gate4agent's startup gate table.
  gate({
    kind: 'trust',
    agents: 'any',
    all: [],
    any: [
      'trust this folder',
      'trust the files in this folder',
      'trust the contents of this directory',
      'do you trust this directory',
    ],
    verifiedWith: null,
  }),
  gate({
    kind: 'login',
    agents: 'any',
    all: [],
    any: ['select authentication method', 'choose how to authenticate', 'no auth type is selected'],
    verifiedWith: null,
  }),
  gate({
    kind: 'login',
    agents: 'any',
    all: ['sign in'],
    any: ['openai', 'chatgpt', 'codex'],
    verifiedWith: null,
  }),
  gate({
    kind: 'update',
    agents: 'any',
    all: ['kimi code update available', 'install update now'],
    any: [],
    verifiedWith: null,
  }),
  gate({
    kind: 'setup',
    agents: 'any',
    all: ['choose the text style that looks best with your terminal'],
    any: [],
    verifiedWith: null,
  }),
  gate({
    kind: 'setup',
    agents: 'any',
    all: ['welcome to claude code for'],
    any: ['open files', 'selected lines'],
    verifiedWith: null,
  }),
  gate({
    kind: 'setup',
    agents: 'any',
    all: ['welcome to claude code'],
    any: ['press enter', 'enter to continue'],
    verifiedWith: null,
  }),
  gate({
    kind: 'setup',
    agents: 'any',
    all: ['migration', 'enter confirm', 'esc'],
    any: [],
    verifiedWith: null,
  }),
];
