import { AdapterId, AgentId, unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { AdapterRegistry } from '../src/adapter-registry.js';
import { builtinAdapterRegistry } from '../src/builtin-adapter-registry.js';
import { BUILTIN_ADAPTER_REVISION, QWEN_DUAL_OUTPUT_REVISION } from '../src/constants.js';

const binding = (id: string, revision = 'r/v1') =>
  ({ id: AdapterId.of(id), revision, verification: 'synthetic-fixture' }) as const;

describe('AdapterRegistry', () => {
  it('keys by family and id, and supports only the exact revision', () => {
    const registry = builtinAdapterRegistry();
    expect(registry.binding('acp', 'gemini')?.revision).toBe(BUILTIN_ADAPTER_REVISION);
    expect(registry.binding('acp', 'claude-code')).toBeUndefined();
    expect(registry.binding('pipe', 'qwen-code')?.revision).toBe(QWEN_DUAL_OUTPUT_REVISION);
    expect(registry.supports('acp', binding('gemini', BUILTIN_ADAPTER_REVISION))).toBe(true);
    expect(registry.supports('acp', binding('gemini', 'gate4agent-adapter/v2'))).toBe(false);
    expect(registry.binding('hook', 'Not An Id')).toBeUndefined();
    expect(registry.get('hook', AdapterId.of('claude-code'))?.agents).toEqual([
      'claude',
      'openclaude',
    ]);
  });

  it('iterates sorted by family, then adapter id', () => {
    const keys = [...builtinAdapterRegistry()].map(
      (entry) => `${entry.family}:${entry.binding.id}`,
    );
    expect(keys[0]).toBe('pty-semantic:claude-code');
    expect(keys.at(-1)).toBe('capability-probe:cursor');
    expect(keys.indexOf('pipe:claude-code')).toBeLessThan(keys.indexOf('pipe:qwen-code'));
    expect(builtinAdapterRegistry().size).toBe(keys.length);
  });

  it('refuses invalid revisions, missing agents and duplicates, unchanged on error', () => {
    const registry = AdapterRegistry.empty();
    const invalid = unwrapErr(
      registry.insert({ family: 'hook', binding: binding('x', ''), agents: [AgentId.of('x')] }),
    );
    expect(invalid.message).toBe(
      'invalid Hook adapter x: adapter revision is empty; pass a revision such as "v1"; correct the adapter',
    );
    const missing = unwrapErr(
      registry.insert({ family: 'hook', binding: binding('x'), agents: [] }),
    );
    expect(missing.message).toBe(
      'Hook adapter x has no bound agents; bind at least one agent or leave the adapter out',
    );
    expect(registry.size).toBe(0);
    unwrap(registry.insert({ family: 'hook', binding: binding('x'), agents: [AgentId.of('x')] }));
    unwrap(
      registry.insert({ family: 'history', binding: binding('x'), agents: [AgentId.of('x')] }),
    );
    const duplicate = unwrapErr(
      registry.insert({
        family: 'hook',
        binding: binding('x', 'r/v2'),
        agents: [AgentId.of('x')],
      }),
    );
    expect(duplicate.message).toBe('duplicate Hook adapter ID: x; register each adapter once');
    expect(registry.size).toBe(2);
  });

  it('returns copies of bindings', () => {
    const first = builtinAdapterRegistry().binding('hook', 'grok')!;
    (first as { revision: string }).revision = 'changed';
    expect(builtinAdapterRegistry().binding('hook', 'grok')?.revision).toBe(
      BUILTIN_ADAPTER_REVISION,
    );
  });
});
