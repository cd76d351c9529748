import {
  AgentId,
  type AgentSpec,
  Gate4AgentError,
  type InitialPromptMode,
  unwrap,
} from '@gate4agent/types';
import { AgentRegistry } from './agent-registry.js';
import { builtinCapabilities, builtinReadiness } from './builtin-capabilities.js';
import {
  BUILTIN_SPEC_REVISION,
  CLAUDE_VERIFIED_VERSION,
  CODEX_VERIFIED_VERSION,
  GEMINI_VERIFIED_VERSION,
  OPENCODE_VERIFIED_VERSION,
  ORCA_REFERENCE_REVISION,
  QWEN_VERIFIED_VERSION,
} from './constants.js';

interface Shape {
  readonly id: string;
  readonly name: string;
  readonly command: string;
  readonly initial: InitialPromptMode;
  readonly aliases?: readonly string[];
  readonly fixedArgs?: readonly string[];
  readonly nativeDraftFlag?: string;
  readonly extraPrefix?: string;
  /** The CLI release this shape was checked against live (README "Verified against"). */
  readonly verifiedWith?: string;
}

const POSITIONAL: InitialPromptMode = { kind: 'positional', optionTerminator: false };
// Verified: the CLI reads everything after `--` as the prompt (claude 2.1.197, codex 0.171.0).
const POSITIONAL_AFTER_TERMINATOR: InitialPromptMode = {
  kind: 'positional',
  optionTerminator: true,
};
const AFTER_READY: InitialPromptMode = { kind: 'after-ready' };
const flag = (value: string): InitialPromptMode => ({ kind: 'flag', flag: value });
const interactiveFlag = (value: string): InitialPromptMode => ({
  kind: 'interactive-flag',
  flag: value,
});
const afterReady = (
  id: string,
  name: string,
  command: string,
  extra: Partial<Shape> = {},
): Shape => ({
  id,
  name,
  command,
  initial: AFTER_READY,
  ...extra,
});

// Orca's catalog at ORCA_REFERENCE_REVISION, in upstream order. Orca's own `claude-agent-teams`
// is deliberately absent.
const SHAPES: readonly Shape[] = [
  {
    id: 'claude',
    name: 'Claude Code',
    command: 'claude',
    initial: POSITIONAL_AFTER_TERMINATOR,
    nativeDraftFlag: '--prefill',
    verifiedWith: CLAUDE_VERIFIED_VERSION,
  },
  {
    id: 'codex',
    name: 'OpenAI Codex',
    command: 'codex',
    initial: POSITIONAL_AFTER_TERMINATOR,
    fixedArgs: ['-c', 'windows_wsl_setup_acknowledged=true'],
    extraPrefix: 'codex-',
    verifiedWith: CODEX_VERIFIED_VERSION,
  },
  {
    id: 'gemini',
    name: 'Gemini CLI',
    command: 'gemini',
    initial: interactiveFlag('--prompt-interactive'),
    verifiedWith: GEMINI_VERIFIED_VERSION,
  },
  {
    id: 'opencode',
    name: 'OpenCode',
    command: 'opencode',
    initial: flag('--prompt'),
    verifiedWith: OPENCODE_VERIFIED_VERSION,
  },
  {
    id: 'grok',
    name: 'xAI Grok CLI',
    command: 'grok',
    initial: { kind: 'positional', optionTerminator: true },
    extraPrefix: 'grok-',
  },
  afterReady('kimi', 'Kimi Code', 'kimi'),
  afterReady('qwen-code', 'Qwen Code', 'qwen', { verifiedWith: QWEN_VERIFIED_VERSION }),
  { id: 'copilot', name: 'GitHub Copilot CLI', command: 'copilot', initial: interactiveFlag('-i') },
  {
    id: 'openclaude',
    name: 'OpenClaude',
    command: 'openclaude',
    initial: POSITIONAL,
    nativeDraftFlag: '--prefill',
  },
  afterReady('autohand', 'Autohand Code', 'autohand'),
  { id: 'mimo-code', name: 'MiMo Code', command: 'mimo', initial: flag('--prompt') },
  { id: 'pi', name: 'Pi', command: 'pi', initial: POSITIONAL },
  { id: 'omp', name: 'oh-my-pi', command: 'omp', initial: POSITIONAL },
  {
    id: 'antigravity',
    name: 'Google Antigravity CLI',
    command: 'agy',
    initial: interactiveFlag('--prompt-interactive'),
  },
  afterReady('aider', 'Aider', 'aider'),
  afterReady('goose', 'Goose', 'goose'),
  afterReady('amp', 'Amp', 'amp'),
  afterReady('kilo', 'Kilocode', 'kilo'),
  afterReady('kiro', 'Kiro', 'kiro-cli', { fixedArgs: ['chat', '--tui'] }),
  afterReady('crush', 'Charm Crush', 'crush'),
  afterReady('aug', 'Augment Code', 'auggie'),
  afterReady('cline', 'Cline', 'cline'),
  afterReady('codebuff', 'Codebuff', 'codebuff'),
  { id: 'command-code', name: 'Command Code', command: 'command-code', initial: POSITIONAL },
  afterReady('continue', 'Continue CLI', 'cn'),
  { id: 'cursor', name: 'Cursor Agent', command: 'cursor-agent', initial: POSITIONAL },
  { id: 'droid', name: 'Factory Droid', command: 'droid', initial: POSITIONAL },
  afterReady('mistral-vibe', 'Mistral Vibe', 'vibe', { aliases: ['mistral-vibe'] }),
  afterReady('rovo', 'Rovo Dev', 'rovo'),
  {
    id: 'hermes',
    name: 'Hermes Agent',
    command: 'hermes',
    initial: { kind: 'agent-native-query' },
    fixedArgs: ['--tui'],
  },
  afterReady('openclaw', 'OpenClaw', 'openclaw'),
  afterReady('devin', 'Devin CLI', 'devin'),
  afterReady('ante', 'Ante', 'ante'),
];

function spec(shape: Shape): AgentSpec {
  return {
    id: AgentId.of(shape.id),
    revision: BUILTIN_SPEC_REVISION,
    displayName: shape.name,
    detection: {
      command: shape.command,
      aliases: [...(shape.aliases ?? [])],
      requiredCommands: [],
      unsupportedPlatforms: [],
    },
    launch: { program: shape.command, fixedArgs: [...(shape.fixedArgs ?? [])] },
    expectedProcesses: [
      { kind: 'exact', name: shape.command },
      ...(shape.extraPrefix === undefined
        ? []
        : [{ kind: 'prefix' as const, prefix: shape.extraPrefix }]),
    ],
    prompt: {
      initial: structuredClone(shape.initial),
      nativeDraft:
        shape.nativeDraftFlag === undefined ? null : { kind: 'flag', flag: shape.nativeDraftFlag },
    },
    readiness: builtinReadiness(shape.id),
    capabilities: builtinCapabilities(shape.id),
    // The launch shapes come from the Orca reference; the first-tier ones were then run live.
    verification: shape.verifiedWith === undefined ? 'reference' : 'gate4agent-verified',
    verifiedWith: shape.verifiedWith === undefined ? null : { version: shape.verifiedWith },
  };
}

/** The 33 built-in agent specs, as fresh mutable objects on every call. */
export function builtinSpecs(): AgentSpec[] {
  return SHAPES.map(spec);
}

let builtin: AgentRegistry | undefined;

/** The process-wide registry of {@link builtinSpecs}, built on first use. */
export function builtinRegistry(): AgentRegistry {
  if (builtin === undefined) {
    try {
      builtin = unwrap(AgentRegistry.create(builtinSpecs()), 'built-in agent registry');
    } catch (error) {
      throw new Gate4AgentError(
        'invalid-builtin-registry',
        `invalid built-in agent registry extracted from Orca ${ORCA_REFERENCE_REVISION}: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
  return builtin;
}
