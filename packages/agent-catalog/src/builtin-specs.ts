import {
  AgentId,
  type AgentSpec,
  Gate4AgentError,
  type InitialPromptMode,
  unwrap,
} from '@gate4agent/types';
import { AgentRegistry } from './agent-registry.js';
import { builtinCapabilities, builtinReadiness } from './builtin-capabilities.js';
import { BUILTIN_SPEC_REVISION, ORCA_REFERENCE_REVISION } from './constants.js';

interface Shape {
  readonly id: string;
  readonly name: string;
  readonly command: string;
  readonly initial: InitialPromptMode;
  readonly aliases?: readonly string[];
  readonly fixedArgs?: readonly string[];
  readonly nativeDraftFlag?: string;
  readonly extraPrefix?: string;
}

const POSITIONAL: InitialPromptMode = { kind: 'positional', optionTerminator: false };
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
    initial: POSITIONAL,
    nativeDraftFlag: '--prefill',
  },
  {
    id: 'codex',
    name: 'OpenAI Codex',
    command: 'codex',
    initial: POSITIONAL,
    fixedArgs: ['-c', 'windows_wsl_setup_acknowledged=true'],
    extraPrefix: 'codex-',
  },
  {
    id: 'gemini',
    name: 'Gemini CLI',
    command: 'gemini',
    initial: interactiveFlag('--prompt-interactive'),
  },
  { id: 'opencode', name: 'OpenCode', command: 'opencode', initial: flag('--prompt') },
  {
    id: 'grok',
    name: 'xAI Grok CLI',
    command: 'grok',
    initial: { kind: 'positional', optionTerminator: true },
    extraPrefix: 'grok-',
  },
  afterReady('kimi', 'Kimi Code', 'kimi'),
  afterReady('qwen-code', 'Qwen Code', 'qwen'),
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
    id: AgentId.new(shape.id),
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
    // The launch shapes come from the Orca reference, not from live vendor verification.
    verification: 'reference',
    verifiedWith: null,
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
