// How each built-in agent expresses an approval level with its own flags or environment. Only
// levels an agent can enforce are listed; anything else fails closed with
// `approval-level-unsupported`. Not in upstream (ARCHITECTURE decision 13); the README table
// documents every entry and its source.
import type { ApprovalLevel } from '@gate4agent/types';
import type { EnvMutation } from './launch-request.js';

/** The arguments and environment changes that put one agent at one approval level. */
export interface ApprovalFlags {
  readonly args: readonly string[];
  readonly env: readonly EnvMutation[];
  /**
   * The CLI refuses these flags when run as root (Claude Code's bypass mode); the planner then
   * fails with `approval-level-refused-as-root` unless the launch env sets `IS_SANDBOX=1`.
   */
  readonly refusedAsRoot?: boolean;
}

/** Approval flags per agent id, per level; a missing level is not expressible by that agent. */
export type ApprovalMappings = Readonly<
  Record<string, Partial<Readonly<Record<ApprovalLevel, ApprovalFlags>>>>
>;

const args = (...values: string[]): ApprovalFlags => ({ args: values, env: [] });

function opencodePermission(edit: string, bash: string, webfetch: string): ApprovalFlags {
  return {
    args: [],
    env: [{ key: 'OPENCODE_PERMISSION', value: JSON.stringify({ edit, bash, webfetch }) }],
  };
}

const CLAUDE: Partial<Record<ApprovalLevel, ApprovalFlags>> = {
  'read-only': args('--permission-mode', 'plan'),
  ask: args('--permission-mode', 'default'),
  'auto-edit': args('--permission-mode', 'acceptEdits'),
  'full-auto': { ...args('--permission-mode', 'bypassPermissions'), refusedAsRoot: true },
};

/** The built-in approval mappings. */
export const BUILTIN_APPROVAL_MAPPINGS: ApprovalMappings = {
  claude: CLAUDE,
  openclaude: CLAUDE,
  // codex 0.171.0 `--ask-for-approval` takes only `on-request` and `never` (`untrusted` exits 2).
  codex: {
    'read-only': args('--sandbox', 'read-only', '--ask-for-approval', 'never'),
    ask: args('--sandbox', 'read-only', '--ask-for-approval', 'on-request'),
    'auto-edit': args('--sandbox', 'workspace-write', '--ask-for-approval', 'on-request'),
    'full-auto': args('--sandbox', 'workspace-write', '--ask-for-approval', 'never'),
  },
  // gemini 0.61.0 `--approval-mode` choices: default, auto_edit, yolo, plan (read-only).
  gemini: {
    'read-only': args('--approval-mode', 'plan'),
    ask: args('--approval-mode', 'default'),
    'auto-edit': args('--approval-mode', 'auto_edit'),
    'full-auto': args('--approval-mode', 'yolo'),
  },
  'qwen-code': {
    'read-only': args('--approval-mode', 'plan'),
    ask: args('--approval-mode', 'default'),
    'auto-edit': args('--approval-mode', 'auto-edit'),
    'full-auto': args('--approval-mode', 'yolo'),
  },
  kimi: {
    ask: args(),
    'full-auto': args('--yolo'),
  },
  opencode: {
    'read-only': opencodePermission('deny', 'deny', 'ask'),
    ask: opencodePermission('ask', 'ask', 'ask'),
    'auto-edit': opencodePermission('allow', 'ask', 'ask'),
    'full-auto': opencodePermission('allow', 'allow', 'allow'),
  },
};
