// How the built-in specs derive their capabilities and readiness from the agent id. A binding is
// attached only when the built-in adapter registry really has (family, id).
import {
  type AdapterBinding,
  type AdapterFamily,
  type AgentCapabilities,
  type AgentReadinessSpec,
  type DraftReadySignal,
  defaultAgentReadinessSpec,
  type PipeTransportSpec,
} from '@gate4agent/types';
import { builtinAdapterRegistry } from './builtin-adapter-registry.js';
import { AGENT_READINESS_TIMEOUT_MS, DEFAULT_AGENT_READINESS_TIMEOUT_MS } from './constants.js';

const TRANSPORT_AGENTS = ['claude', 'codex', 'gemini', 'opencode', 'kimi'];
const ONE_SHOT_AGENTS = [
  'claude',
  'codex',
  'opencode',
  'pi',
  'amp',
  'cursor',
  'kimi',
  'copilot',
  'antigravity',
];
const STRUCTURED_PIPE_AGENTS = ['claude', 'codex', 'kimi'];
const SLASH_COMMAND_AGENTS = ['claude', 'codex', 'gemini', 'cursor'];
const FOLLOWUP_REQUIRES_TERMINAL = ['claude', 'codex', 'kimi', 'qwen-code'];

function binding(family: AdapterFamily, id: string | null): AdapterBinding | null {
  return id === null ? null : (builtinAdapterRegistry().binding(family, id) ?? null);
}

function pipe(
  adapter: AdapterBinding | null,
  protocol: PipeTransportSpec['protocol'],
): PipeTransportSpec | null {
  return adapter === null
    ? null
    : { adapter, protocol, launchOverride: null, promptDelivery: 'none' };
}

/** The capabilities of built-in agent `id`. */
export function builtinCapabilities(id: string): AgentCapabilities {
  const adapterId = id === 'claude' || id === 'openclaude' ? 'claude-code' : id;
  const transportAdapterId = TRANSPORT_AGENTS.includes(id) ? adapterId : null;
  const oneShotAdapterId = ONE_SHOT_AGENTS.includes(id) ? id : null;
  const structuredPipeId = STRUCTURED_PIPE_AGENTS.includes(id) ? adapterId : null;
  const acp = binding('acp', transportAdapterId);
  return {
    agentCommands: SLASH_COMMAND_AGENTS.includes(id) ? 'slash-line' : null,
    transports: {
      pty: true,
      ptyAdapter: binding('pty-semantic', transportAdapterId),
      pipe:
        pipe(binding('pipe', structuredPipeId), 'structured-jsonl') ??
        pipe(binding('one-shot', oneShotAdapterId), 'one-shot-text') ??
        pipe(binding('pipe', transportAdapterId), 'semantic-ndjson'),
      // The legacy Claude/Codex ACP adapters fetch npm packages at launch, so only agents with a
      // native ACP mode get one.
      acp: acp === null ? null : { adapter: acp, launchOverride: null },
    },
    adapters: {
      ptySidecar: id === 'qwen-code' ? binding('pipe', 'qwen-code') : null,
      hook: binding('hook', adapterId),
      managedHook: binding('managed-hook', id),
      oneShot: binding('one-shot', oneShotAdapterId),
      history: binding('history', adapterId),
      resume: binding('resume', adapterId),
      sessionOptions: binding('session-options', adapterId),
      capabilityProbe: binding('capability-probe', adapterId),
    },
  };
}

function draftSignal(id: string): DraftReadySignal {
  switch (id) {
    case 'codex':
      return 'codex-composer-prompt';
    case 'kimi':
      return 'bracketed-paste';
    // Claude keeps the cursor hidden on Linux (2.1.197), so a cursor signal never fires; its
    // composer prompt `❯` on its own line is the evidence.
    case 'claude':
      return 'claude-composer-prompt';
    case 'opencode':
    case 'mimo-code':
      return 'cursor-after-bracketed-paste';
    default:
      return 'quiet-after-bracketed-paste';
  }
}

/**
 * The readiness of built-in agent `id`: the defaults plus its draft signal, follow-up rule and a
 * timeout above its real start-up.
 */
export function builtinReadiness(id: string): AgentReadinessSpec {
  return {
    ...defaultAgentReadinessSpec(),
    timeoutMs: AGENT_READINESS_TIMEOUT_MS[id] ?? DEFAULT_AGENT_READINESS_TIMEOUT_MS,
    followupRequiresTerminal: FOLLOWUP_REQUIRES_TERMINAL.includes(id),
    draftSignal: draftSignal(id),
  };
}
