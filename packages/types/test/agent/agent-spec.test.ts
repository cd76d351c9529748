import { describe, expect, it } from 'vitest';
import { defaultAgentCapabilities } from '../../src/agent/agent-capabilities.js';
import { type AgentSpec, AgentSpecCodec, supportsPlatform } from '../../src/agent/agent-spec.js';
import { defaultAgentReadinessSpec } from '../../src/agent/readiness.js';
import { AgentId } from '../../src/id/agent-id.js';
import { unwrapErr } from '../../src/shared/result.js';

function spec(): AgentSpec {
  return {
    id: AgentId.of('qwen-code'),
    revision: 'test:1',
    displayName: 'Qwen Code',
    detection: {
      command: 'qwen',
      aliases: [],
      requiredCommands: [],
      unsupportedPlatforms: ['wsl'],
    },
    launch: { program: 'qwen', fixedArgs: [] },
    expectedProcesses: [{ kind: 'exact', name: 'qwen' }],
    prompt: { initial: { kind: 'positional', optionTerminator: true }, nativeDraft: null },
    readiness: defaultAgentReadinessSpec(),
    capabilities: defaultAgentCapabilities(),
    verification: 'reference',
    verifiedWith: null,
  };
}

describe('AgentSpec', () => {
  it('has the upstream defaults', () => {
    expect(defaultAgentReadinessSpec()).toEqual({
      timeoutMs: 5_000,
      pollIntervalMs: 150,
      wrapperChildFallbackAfterPolls: 4,
      allowTitleIdle: true,
      followupRequiresTerminal: false,
      draftSignal: 'quiet-after-bracketed-paste',
      draftQuietMs: 1_500,
    });
    const capabilities = defaultAgentCapabilities();
    expect(capabilities.transports).toEqual({ pty: true, ptyAdapter: null, pipe: null, acp: null });
    expect(Object.values(capabilities.adapters).every((binding) => binding === null)).toBe(true);
    expect(defaultAgentCapabilities()).not.toBe(capabilities);
  });

  it('round-trips through its wire codec', () => {
    const value = spec();
    const decoded = AgentSpecCodec.decode(JSON.parse(JSON.stringify(AgentSpecCodec.encode(value))));
    expect(decoded).toEqual({ ok: true, value });
  });

  it('rejects an invalid agent id and an unknown prompt kind, naming the field', () => {
    const badId = unwrapErr(AgentSpecCodec.decode({ ...spec(), id: 'Claude' }));
    expect(badId.path).toBe('/id');
    const badPrompt = unwrapErr(
      AgentSpecCodec.decode({
        ...spec(),
        prompt: { initial: { kind: 'shell' }, nativeDraft: null },
      }),
    );
    expect(badPrompt.path.startsWith('/prompt')).toBe(true);
  });

  it('rejects a missing field', () => {
    const { readiness: _readiness, ...partial } = spec();
    expect(AgentSpecCodec.decode(partial).ok).toBe(false);
  });

  it('supports every platform not listed as unsupported', () => {
    expect(supportsPlatform(spec(), 'linux')).toBe(true);
    expect(supportsPlatform(spec(), 'windows')).toBe(true);
    expect(supportsPlatform(spec(), 'wsl')).toBe(false);
  });
});
