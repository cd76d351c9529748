import type { OperatorGateKind } from '@gate4agent/types';

/** One pinned release of a real agent CLI, and what it shows when it runs offline. */
export interface RealAgent {
  /** The agent's id in the gate4agent agent registry. */
  readonly agentId: string;
  /** The npm package that ships it. */
  readonly packageName: string;
  /** The pinned version (the brief's, checked present with `npm view <pkg> versions`). */
  readonly version: string;
  /** The executable the package installs into `node_modules/.bin`. */
  readonly bin: string;
  /** The text `<bin> --version` prints, which a launch must never make it print. */
  readonly versionText: string;
  /** Text of the first screen it shows offline with a fresh HOME (its gate). */
  readonly offlineScreen: string;
  /** The operator gate that first screen is (`null`: none, it is not a dialog). */
  readonly offlineGate: OperatorGateKind | null;
  /**
   * An argument-injection attempt handed in as the initial prompt: it must reach the agent as
   * prompt text, never its option parser.
   */
  readonly injection: string;
  /** Whether it exits by itself offline (then its natural exit is checked, not a stop). */
  readonly exitsOffline: boolean;
  /** How long its offline start-up may take here, in ms. */
  readonly startupTimeoutMs: number;
}

/** The CLIs the suite runs, in the order it runs them. */
export const REAL_AGENTS: readonly RealAgent[] = [
  {
    agentId: 'claude',
    offlineGate: null,
    injection: '--permission-mode=acceptEdits',
    packageName: '@anthropic-ai/claude-code',
    version: '2.1.197',
    bin: 'claude',
    versionText: '2.1.197 (Claude Code)',
    offlineScreen: 'Unable to connect to Anthropic services',
    exitsOffline: true,
    startupTimeoutMs: 90_000,
  },
  {
    agentId: 'codex',
    offlineGate: 'login',
    injection: '--version',
    packageName: '@openai/codex',
    version: '0.171.0',
    bin: 'codex',
    versionText: 'codex-cli 0.171.0',
    offlineScreen: 'Sign in with ChatGPT',
    exitsOffline: false,
    startupTimeoutMs: 90_000,
  },
  {
    agentId: 'gemini',
    offlineGate: 'trust',
    injection: '-h',
    packageName: '@google/gemini-cli',
    version: '0.61.0',
    bin: 'gemini',
    versionText: '0.61.0',
    offlineScreen: 'Do you trust the files in this folder?',
    exitsOffline: false,
    startupTimeoutMs: 90_000,
  },
  {
    agentId: 'qwen-code',
    offlineGate: 'login',
    injection: '--version',
    packageName: '@qwen-code/qwen-code',
    version: '0.15.10',
    bin: 'qwen',
    versionText: '0.15.10',
    offlineScreen: 'Select Authentication Method',
    exitsOffline: false,
    startupTimeoutMs: 90_000,
  },
  {
    agentId: 'opencode',
    offlineGate: null,
    injection: '-- x',
    packageName: 'opencode-ai',
    version: '1.18.33',
    bin: 'opencode',
    versionText: '1.18.33',
    offlineScreen: '/connect to add an AI provider',
    exitsOffline: false,
    startupTimeoutMs: 150_000,
  },
];
