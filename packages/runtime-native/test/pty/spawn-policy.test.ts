import { builtinAdapterRegistry } from '@gate4agent/agent-catalog';
import { ProviderRuntimePolicy, unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  prepareFreshPtyProviderSession,
  shouldAttachPtyProviderStream,
  shouldProbePtyIdentity,
  validateSpawnRuntimePolicy,
} from '../../src/pty/spawn-policy.js';
import { semanticRuntimePolicy } from '../runtime/support/fixtures.js';

describe('spawn runtime policy', () => {
  it('raw_pty_policy_omits_all_identity_and_semantic_startup_paths', () => {
    const adapters = builtinAdapterRegistry();
    const claude = adapters.binding('pty-semantic', 'claude-code');
    const codex = adapters.binding('pty-semantic', 'codex');
    const kimi = adapters.binding('pty-semantic', 'kimi');
    expect(claude).toBeDefined();
    expect(codex).toBeDefined();
    expect(kimi).toBeDefined();
    const policy = ProviderRuntimePolicy.rawPty();
    const args: string[] = [];
    expect(prepareFreshPtyProviderSession(claude, false, false, args)).toBeNull();
    expect(args).toEqual([]);
    expect(shouldProbePtyIdentity(policy, codex, false, 'codex')).toBe(false);
    expect(shouldProbePtyIdentity(policy, kimi, false, 'kimi')).toBe(false);
    expect(shouldAttachPtyProviderStream(policy)).toBe(false);
  });

  it('pre-assigns a Claude session id only for a fresh identity-permitted session', () => {
    const claude = builtinAdapterRegistry().binding('pty-semantic', 'claude-code');
    const args: string[] = [];
    const identity = prepareFreshPtyProviderSession(claude, false, true, args);
    expect(identity?.key).toBe('session-id');
    expect(args).toEqual(['--session-id', identity?.id]);
    expect(prepareFreshPtyProviderSession(claude, true, true, [])).toBeNull();
    expect(
      shouldProbePtyIdentity(
        semanticRuntimePolicy(),
        builtinAdapterRegistry().binding('pty-semantic', 'codex'),
        false,
        'codex',
      ),
    ).toBe(true);
    expect(shouldAttachPtyProviderStream(semanticRuntimePolicy())).toBe(true);
  });

  it('requires semantic readiness and structured prompts for an initial prompt', () => {
    const raw = validateSpawnRuntimePolicy(ProviderRuntimePolicy.rawPty(), 'pty', true, false);
    expect(!raw.ok && raw.error).toBe(
      'provider runtime capability SemanticReadiness is not admitted',
    );
    const readinessOnly = unwrap(
      ProviderRuntimePolicy.tryNew({
        rawPtyLifecycle: true,
        semanticReadiness: true,
        structuredPrompt: false,
        providerSessionIdentity: false,
        semanticResume: false,
      }),
    );
    const prompt = validateSpawnRuntimePolicy(readinessOnly, 'pty', true, false);
    expect(!prompt.ok && prompt.error).toBe(
      'provider runtime capability StructuredPrompt is not admitted',
    );
    expect(validateSpawnRuntimePolicy(ProviderRuntimePolicy.rawPty(), 'pty', false, false).ok).toBe(
      true,
    );
    const pipe = validateSpawnRuntimePolicy(ProviderRuntimePolicy.rawPty(), 'pipe', false, false);
    expect(pipe.ok).toBe(false);
    const invalid = validateSpawnRuntimePolicy(
      { ...ProviderRuntimePolicy.rawPty(), rawPtyLifecycle: false, semanticReadiness: true },
      'pty',
      false,
      false,
    );
    expect(!invalid.ok && invalid.error).toBe(
      'provider runtime policy is invalid: semantic provider capabilities require the raw PTY lifecycle; set rawPtyLifecycle or clear the semantic flags',
    );
  });
});
