import { describe, expect, it } from 'vitest';
import {
  type ProviderRuntimeCapability,
  ProviderRuntimePolicy,
  ProviderRuntimePolicyCodec,
  providerRuntimePolicyError,
  unwrap,
  unwrapErr,
} from '../../src/index.js';

const FLAGS = [
  'rawPtyLifecycle',
  'semanticReadiness',
  'structuredPrompt',
  'providerSessionIdentity',
  'semanticResume',
] as const;

function allPolicies(): ProviderRuntimePolicy[] {
  return Array.from({ length: 32 }, (_, bits) => {
    const entries = FLAGS.map((flag, index) => [flag, (bits & (1 << index)) !== 0] as const);
    return Object.fromEntries(entries) as ProviderRuntimePolicy;
  });
}

function expectedError(policy: ProviderRuntimePolicy) {
  const semantic =
    policy.semanticReadiness ||
    policy.structuredPrompt ||
    policy.providerSessionIdentity ||
    policy.semanticResume;
  if (semantic && !policy.rawPtyLifecycle) return 'semantic-capability-requires-raw-pty';
  if (policy.structuredPrompt && !policy.semanticReadiness)
    return 'structured-prompt-requires-readiness';
  if (policy.semanticResume && !policy.providerSessionIdentity)
    return 'resume-requires-session-identity';
  return null;
}

describe('ProviderRuntimePolicy', () => {
  it('applies the three rules in order over all 32 flag combinations, in tryNew and in decode', () => {
    for (const policy of allPolicies()) {
      const expected = expectedError(policy);
      const built = ProviderRuntimePolicy.tryNew(policy);
      const decoded = ProviderRuntimePolicyCodec.decode(policy);
      if (expected === null) {
        expect(unwrap(built)).toEqual(policy);
        expect(unwrap(decoded)).toEqual(policy);
      } else {
        expect(unwrapErr(built)).toEqual(providerRuntimePolicyError(expected));
        expect(unwrapErr(decoded).message).toContain(providerRuntimePolicyError(expected).message);
      }
    }
  });

  it('says which flag to set or clear', () => {
    expect(providerRuntimePolicyError('semantic-capability-requires-raw-pty').message).toBe(
      'semantic provider capabilities require the raw PTY lifecycle; set rawPtyLifecycle or clear the semantic flags',
    );
    expect(providerRuntimePolicyError('structured-prompt-requires-readiness').message).toBe(
      'structured prompts require semantic readiness; set semanticReadiness or clear structuredPrompt',
    );
    expect(providerRuntimePolicyError('resume-requires-session-identity').message).toBe(
      'semantic resume requires provider session identity; set providerSessionIdentity or clear semanticResume',
    );
  });

  it('admits exactly the capabilities whose flag is set', () => {
    const full = unwrap(
      ProviderRuntimePolicy.tryNew({
        rawPtyLifecycle: true,
        semanticReadiness: true,
        structuredPrompt: true,
        providerSessionIdentity: true,
        semanticResume: true,
      }),
    );
    const capabilities: ProviderRuntimeCapability[] = [
      'raw-pty-lifecycle',
      'semantic-readiness',
      'structured-prompt',
      'provider-session-identity',
      'semantic-resume',
    ];
    for (const capability of capabilities) {
      expect(ProviderRuntimePolicy.admits(full, capability)).toBe(true);
      expect(ProviderRuntimePolicy.admits(ProviderRuntimePolicy.rawPty(), capability)).toBe(
        capability === 'raw-pty-lifecycle',
      );
    }
  });

  it('names a missing or mistyped flag, ignores extra keys, and leaves the input unchanged', () => {
    const input = { ...ProviderRuntimePolicy.rawPty(), semanticResume: 'no' };
    const snapshot = structuredClone(input);
    expect(unwrapErr(ProviderRuntimePolicyCodec.decode(input)).path).toBe('/semanticResume');
    expect(input).toEqual(snapshot);
    const { semanticResume: _dropped, ...missing } = ProviderRuntimePolicy.rawPty();
    expect(unwrapErr(ProviderRuntimePolicyCodec.decode(missing)).path).toBe('/semanticResume');
    expect(
      unwrap(ProviderRuntimePolicyCodec.decode({ ...ProviderRuntimePolicy.rawPty(), extra: 1 })),
    ).toMatchObject(ProviderRuntimePolicy.rawPty());
  });

  it('returns a fresh raw-PTY policy each time', () => {
    const first = ProviderRuntimePolicy.rawPty();
    first.rawPtyLifecycle = false;
    expect(ProviderRuntimePolicy.rawPty().rawPtyLifecycle).toBe(true);
  });
});
