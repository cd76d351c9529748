// Ported from crates/gate4agent-catalog/src/builtin.rs (mod tests), plus checks of the spec table.
import { AgentSpecCodec } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { builtinRegistry, builtinSpecs } from '../src/builtin-specs.js';
import {
  BUILTIN_SPEC_REVISION,
  CLAUDE_CODE_INLINE_REVISION,
  CODEX_CLI_INLINE_REVISION,
  KIMI_CODE_INLINE_REVISION,
  MANAGED_HOOK_REVISION,
  ONE_SHOT_REVISION,
  QWEN_DUAL_OUTPUT_REVISION,
  SESSION_OPTION_CATALOG_REVISION,
} from '../src/constants.js';

function get(id: string) {
  const spec = builtinRegistry().getById(id);
  if (spec === undefined) throw new Error(`missing built-in agent ${id}`);
  return spec;
}

describe('built-in specs (builtin.rs)', () => {
  it('current_three_backend_pty_launch_contracts_are_explicit', () => {
    const registry = builtinRegistry();
    for (const id of ['claude', 'codex', 'kimi']) {
      expect(registry.getById(id), `missing target backend ${id}`).toBeDefined();
    }
    const codex = get('codex');
    expect(codex.launch.fixedArgs).toEqual(['-c', 'windows_wsl_setup_acknowledged=true']);
    // Deviation from upstream (issue #11): Claude keeps the cursor hidden on Linux.
    expect(get('claude').readiness.draftSignal).toBe('claude-composer-prompt');
    expect(codex.readiness.draftSignal).toBe('codex-composer-prompt');
    expect(get('kimi').readiness.draftSignal).toBe('bracketed-paste');
  });

  it('portable_reference_catalog_is_stable_and_unique', () => {
    const registry = builtinRegistry();
    const ids = [...registry].map((spec) => spec.id as string);
    expect(ids.length).toBe(33);
    for (const required of [
      'claude',
      'codex',
      'gemini',
      'opencode',
      'grok',
      'kimi',
      'qwen-code',
      'copilot',
      'kiro',
      'mistral-vibe',
      'hermes',
    ]) {
      expect(ids, `missing built-in agent ${required}`).toContain(required);
    }
    expect(ids).not.toContain('claude-agent-teams');

    for (const id of ['claude', 'codex', 'gemini', 'opencode']) {
      const transports = get(id).capabilities.transports;
      expect(transports.ptyAdapter).not.toBeNull();
      expect(transports.pipe).not.toBeNull();
    }
    expect(get('gemini').capabilities.transports.pipe?.protocol).toBe('semantic-ndjson');
    for (const id of ['claude', 'codex', 'kimi']) {
      const pipe = get(id).capabilities.transports.pipe;
      expect(pipe?.protocol, id).toBe('structured-jsonl');
      expect(pipe?.adapter.id).toBe(id === 'claude' ? 'claude-code' : id);
    }
    for (const id of ['opencode', 'pi', 'amp', 'cursor', 'copilot', 'antigravity']) {
      const pipe = get(id).capabilities.transports.pipe;
      expect(pipe?.protocol, id).toBe('one-shot-text');
      expect(pipe?.adapter.id).toBe(id);
    }
    for (const id of [
      'claude',
      'codex',
      'opencode',
      'pi',
      'amp',
      'cursor',
      'kimi',
      'copilot',
      'antigravity',
    ]) {
      const binding = get(id).capabilities.adapters.oneShot;
      expect(binding, `missing OneShot adapter for ${id}`).not.toBeNull();
      expect(binding?.id).toBe(id);
      const expectedRevision =
        id === 'claude'
          ? CLAUDE_CODE_INLINE_REVISION
          : id === 'codex'
            ? CODEX_CLI_INLINE_REVISION
            : id === 'kimi'
              ? KIMI_CODE_INLINE_REVISION
              : ONE_SHOT_REVISION;
      expect(binding?.revision).toBe(expectedRevision);
    }
    const qwen = get('qwen-code');
    expect(qwen.capabilities.transports.pipe).toBeNull();
    expect(qwen.capabilities.adapters.oneShot).toBeNull();
    const sidecar = qwen.capabilities.adapters.ptySidecar;
    expect(sidecar?.id).toBe('qwen-code');
    expect(sidecar?.revision).toBe(QWEN_DUAL_OUTPUT_REVISION);
    expect(
      [...registry]
        .filter((spec) => spec.capabilities.adapters.ptySidecar !== null)
        .every((spec) => spec.id === 'qwen-code'),
    ).toBe(true);
    for (const id of ['gemini', 'opencode']) {
      expect(get(id).capabilities.transports.acp).not.toBeNull();
    }
    for (const id of ['claude', 'codex', 'grok']) {
      expect(get(id).capabilities.transports.acp).toBeNull();
    }
    expect(get('grok').capabilities.transports.ptyAdapter).toBeNull();

    for (const id of ['grok', 'kimi', 'copilot', 'droid', 'cursor']) {
      const adapters = get(id).capabilities.adapters;
      expect(adapters.hook, `missing hook adapter for ${id}`).not.toBeNull();
      expect(adapters.history, `missing history adapter for ${id}`).not.toBeNull();
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
      const binding = get(id).capabilities.adapters.managedHook;
      expect(binding, `missing managed Hook adapter for ${id}`).not.toBeNull();
      expect(binding?.id).toBe(id);
      expect(binding?.revision).toBe(MANAGED_HOOK_REVISION);
    }
    expect(get('openclaude').capabilities.adapters.hook?.id).toBe('claude-code');
    for (const id of [
      'claude',
      'codex',
      'gemini',
      'antigravity',
      'opencode',
      'pi',
      'mimo-code',
      'droid',
      'grok',
      'devin',
      'kimi',
    ]) {
      expect(
        get(id).capabilities.adapters.resume,
        `missing resume adapter for ${id}`,
      ).not.toBeNull();
    }
    for (const id of ['copilot', 'cursor', 'qwen-code', 'omp', 'amp', 'command-code', 'hermes']) {
      expect(
        get(id).capabilities.adapters.resume,
        `unexpected live resume adapter for ${id}`,
      ).toBeNull();
    }

    for (const id of ['claude', 'codex', 'gemini', 'cursor']) {
      const binding = get(id).capabilities.adapters.sessionOptions;
      expect(binding, `missing session-option adapter for ${id}`).not.toBeNull();
      expect(binding?.revision).toBe(SESSION_OPTION_CATALOG_REVISION);
    }
    for (const id of ['opencode', 'grok', 'kimi', 'qwen-code']) {
      expect(
        get(id).capabilities.adapters.sessionOptions,
        `unexpected session-option adapter for ${id}`,
      ).toBeNull();
    }

    expect(qwen.prompt.initial).toEqual({ kind: 'after-ready' });
    expect(qwen.capabilities.adapters.hook).toBeNull();
    expect(qwen.capabilities.adapters.history).not.toBeNull();
    expect(qwen.capabilities.adapters.resume).toBeNull();
    expect(qwen.capabilities.transports.ptyAdapter).toBeNull();
  });
});

describe('built-in specs', () => {
  it('returns fresh mutable specs on every call', () => {
    const first = builtinSpecs();
    first[0]!.displayName = 'changed';
    expect(builtinSpecs()[0]!.displayName).toBe('Claude Code');
  });

  it('keeps the registry specs frozen', () => {
    const claude = get('claude');
    expect(Object.isFrozen(claude)).toBe(true);
    expect(Object.isFrozen(claude.launch.fixedArgs)).toBe(true);
    const copy = structuredClone(claude);
    copy.launch.fixedArgs.push('--verbose');
    expect(get('claude').launch.fixedArgs).toEqual([]);
  });

  it('gives the seven first-tier agents the launch shapes of the Orca reference', () => {
    const shape = (id: string) => {
      const spec = get(id);
      return [
        spec.displayName,
        spec.detection.command,
        spec.launch.program,
        spec.prompt.initial,
        spec.prompt.nativeDraft,
      ];
    };
    // claude and codex take the prompt after `--` (verified live; upstream had no terminator).
    expect(shape('claude')).toEqual([
      'Claude Code',
      'claude',
      'claude',
      { kind: 'positional', optionTerminator: true },
      { kind: 'flag', flag: '--prefill' },
    ]);
    expect(shape('codex')).toEqual([
      'OpenAI Codex',
      'codex',
      'codex',
      { kind: 'positional', optionTerminator: true },
      null,
    ]);
    expect(shape('kimi')).toEqual(['Kimi Code', 'kimi', 'kimi', { kind: 'after-ready' }, null]);
    expect(shape('grok')).toEqual([
      'xAI Grok CLI',
      'grok',
      'grok',
      { kind: 'positional', optionTerminator: true },
      null,
    ]);
    expect(shape('gemini')).toEqual([
      'Gemini CLI',
      'gemini',
      'gemini',
      { kind: 'interactive-flag', flag: '--prompt-interactive' },
      null,
    ]);
    expect(shape('qwen-code')).toEqual([
      'Qwen Code',
      'qwen',
      'qwen',
      { kind: 'after-ready' },
      null,
    ]);
    expect(shape('opencode')).toEqual([
      'OpenCode',
      'opencode',
      'opencode',
      { kind: 'flag', flag: '--prompt' },
      null,
    ]);
    expect(get('grok').expectedProcesses).toEqual([
      { kind: 'exact', name: 'grok' },
      { kind: 'prefix', prefix: 'grok-' },
    ]);
    expect(get('codex').expectedProcesses[1]).toEqual({ kind: 'prefix', prefix: 'codex-' });
  });

  it('marks the five live-verified built-ins with their CLI version, the rest as reference-derived', () => {
    const verified: Record<string, string> = {
      claude: '2.1.197',
      codex: '0.171.0',
      gemini: '0.61.0',
      'qwen-code': '0.15.10',
      opencode: '1.18.33',
    };
    for (const spec of builtinSpecs()) {
      const version = verified[spec.id];
      expect(spec.verifiedWith).toEqual(version === undefined ? null : { version });
      expect(spec.verification).toBe(version === undefined ? 'reference' : 'gate4agent-verified');
    }
  });

  it('gives every built-in a readiness timeout above the measured start-ups', () => {
    const timeout = (id: string) => get(id).readiness.timeoutMs;
    expect([timeout('claude'), timeout('codex'), timeout('gemini')]).toEqual([
      30_000, 30_000, 60_000,
    ]);
    expect([timeout('qwen-code'), timeout('opencode'), timeout('kimi')]).toEqual([
      60_000, 120_000, 30_000,
    ]);
  });

  it('marks slash commands only for four agents', () => {
    for (const spec of builtinSpecs()) {
      expect(spec.revision).toBe(BUILTIN_SPEC_REVISION);
      expect(spec.capabilities.transports.pty).toBe(true);
      expect(spec.capabilities.agentCommands !== null).toBe(
        ['claude', 'codex', 'gemini', 'cursor'].includes(spec.id),
      );
      expect(spec.readiness.followupRequiresTerminal).toBe(
        ['claude', 'codex', 'kimi', 'qwen-code'].includes(spec.id),
      );
      expect(AgentSpecCodec.decode(JSON.parse(JSON.stringify(spec))).ok).toBe(true);
    }
    expect(get('mistral-vibe').detection.aliases).toEqual(['mistral-vibe']);
    expect(get('kiro').launch.fixedArgs).toEqual(['chat', '--tui']);
    expect(get('hermes').launch.fixedArgs).toEqual(['--tui']);
  });

  it('returns the same registry every time', () => {
    expect(builtinRegistry()).toBe(builtinRegistry());
    expect(builtinRegistry().findByCommand('agy', 'linux')?.id).toBe('antigravity');
    expect(builtinRegistry().findByCommand('MISTRAL-VIBE.cmd', 'windows')?.id).toBe('mistral-vibe');
  });
});
