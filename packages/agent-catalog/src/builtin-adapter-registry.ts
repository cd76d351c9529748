import {
  type AdapterFamily,
  AdapterId,
  type AdapterVerification,
  AgentId,
  Gate4AgentError,
} from '@gate4agent/types';
import { type AdapterDescriptor, AdapterRegistry } from './adapter-registry.js';
import {
  BUILTIN_ADAPTER_REVISION,
  CAPABILITY_PROBE_REVISION,
  CLAUDE_CODE_INLINE_REVISION,
  CODEX_CLI_INLINE_REVISION,
  KIMI_CODE_INLINE_REVISION,
  MANAGED_HOOK_REVISION,
  ONE_SHOT_REVISION,
  QWEN_CODE_INLINE_REVISION,
  QWEN_DUAL_OUTPUT_REVISION,
  SESSION_OPTION_CATALOG_REVISION,
} from './constants.js';

function descriptor(
  family: AdapterFamily,
  id: string,
  revision = BUILTIN_ADAPTER_REVISION,
  verification: AdapterVerification = 'synthetic-fixture',
): AdapterDescriptor {
  const agents =
    family === 'hook' && id === 'claude-code'
      ? ['claude', 'openclaude']
      : [id === 'claude-code' ? 'claude' : id];
  return {
    family,
    binding: { id: AdapterId.of(id), revision, verification },
    agents: agents.map((agent) => AgentId.of(agent)),
  };
}

const ONE_SHOT: Readonly<Record<string, readonly [string, AdapterVerification]>> = {
  claude: [CLAUDE_CODE_INLINE_REVISION, 'vendor-canary'],
  codex: [CODEX_CLI_INLINE_REVISION, 'vendor-canary'],
  kimi: [KIMI_CODE_INLINE_REVISION, 'vendor-canary'],
  'qwen-code': [QWEN_CODE_INLINE_REVISION, 'reference'],
};

/** The built-in adapter descriptors, in upstream order. */
export function builtinAdapterDescriptors(): AdapterDescriptor[] {
  const all: AdapterDescriptor[] = [];
  const transport = ['claude-code', 'codex', 'gemini', 'opencode', 'kimi'];
  for (const id of transport) all.push(descriptor('pty-semantic', id));
  for (const id of transport) all.push(descriptor('pipe', id));
  all.push(descriptor('pipe', 'qwen-code', QWEN_DUAL_OUTPUT_REVISION, 'reference'));
  for (const id of [
    'claude',
    'codex',
    'opencode',
    'pi',
    'amp',
    'cursor',
    'kimi',
    'qwen-code',
    'copilot',
    'antigravity',
  ]) {
    const [revision, verification] = ONE_SHOT[id] ?? [ONE_SHOT_REVISION, 'synthetic-fixture'];
    all.push(descriptor('one-shot', id, revision, verification));
  }
  for (const id of ['gemini', 'opencode']) all.push(descriptor('acp', id));
  for (const id of [
    'claude-code',
    'codex',
    'gemini',
    'opencode',
    'mimo-code',
    'pi',
    'omp',
    'antigravity',
    'amp',
    'command-code',
    'hermes',
    'devin',
  ]) {
    all.push(descriptor('hook', id));
  }
  for (const id of ['grok', 'kimi', 'copilot', 'droid', 'cursor']) {
    all.push(descriptor('hook', id));
    all.push(descriptor('history', id));
  }
  for (const id of [
    'claude',
    'openclaude',
    'codex',
    'gemini',
    'antigravity',
    'amp',
    'cursor',
    'droid',
    'command-code',
    'grok',
    'copilot',
    'hermes',
    'devin',
    'kimi',
  ]) {
    all.push(descriptor('managed-hook', id, MANAGED_HOOK_REVISION));
  }
  for (const id of [
    'claude-code',
    'codex',
    'gemini',
    'antigravity',
    'opencode',
    'hermes',
    'rovo',
    'openclaw',
    'pi',
    'omp',
    'devin',
    'qwen-code',
  ]) {
    all.push(descriptor('history', id));
  }
  for (const id of [
    'claude-code',
    'codex',
    'gemini',
    'antigravity',
    'opencode',
    'pi',
    'mimo-code',
    'grok',
    'droid',
    'devin',
    'kimi',
  ]) {
    all.push(descriptor('resume', id));
  }
  for (const id of ['claude-code', 'codex', 'gemini', 'cursor']) {
    all.push(descriptor('session-options', id, SESSION_OPTION_CATALOG_REVISION));
  }
  all.push(descriptor('capability-probe', 'cursor', CAPABILITY_PROBE_REVISION));
  return all;
}

let builtin: AdapterRegistry | undefined;

/** The process-wide built-in adapter registry, built on first use. */
export function builtinAdapterRegistry(): AdapterRegistry {
  if (builtin === undefined) {
    const created = AdapterRegistry.create(builtinAdapterDescriptors());
    if (!created.ok) {
      throw new Gate4AgentError('invalid-builtin-adapter-registry', created.error.message, {
        cause: created.error,
      });
    }
    builtin = created.value;
  }
  return builtin;
}
