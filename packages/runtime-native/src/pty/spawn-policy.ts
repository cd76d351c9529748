import { randomUUID } from 'node:crypto';
import type {
  AdapterBinding,
  ProviderRuntimeCapability,
  ProviderSessionIdentity,
  Result,
  TransportKind,
} from '@gate4agent/types';
import { err, ok, ProviderRuntimePolicy } from '@gate4agent/types';

// Upstream prints the capability with `{:?}`, so messages name it in Rust's PascalCase.
const CAPABILITY_NAMES: Record<ProviderRuntimeCapability, string> = {
  'raw-pty-lifecycle': 'RawPtyLifecycle',
  'semantic-readiness': 'SemanticReadiness',
  'structured-prompt': 'StructuredPrompt',
  'provider-session-identity': 'ProviderSessionIdentity',
  'semantic-resume': 'SemanticResume',
};

/** `provider runtime capability <Name> is not admitted` unless `policy` admits `capability`. */
export function requireRuntimeCapability(
  policy: ProviderRuntimePolicy,
  capability: ProviderRuntimeCapability,
): Result<void, string> {
  return ProviderRuntimePolicy.admits(policy, capability)
    ? ok()
    : err(`provider runtime capability ${CAPABILITY_NAMES[capability]} is not admitted`);
}

/**
 * The runtime policy a spawn must satisfy: a valid policy with the raw PTY lifecycle; semantic
 * readiness for a non-PTY transport; semantic readiness and structured prompts for an initial
 * prompt; session identity and semantic resume for a resumed prompt.
 */
export function validateSpawnRuntimePolicy(
  policy: ProviderRuntimePolicy,
  transport: TransportKind,
  hasInitialPrompt: boolean,
  isResume: boolean,
): Result<void, string> {
  const valid = ProviderRuntimePolicy.validate(policy);
  if (!valid.ok) return err(`provider runtime policy is invalid: ${valid.error.message}`);
  const required: ProviderRuntimeCapability[] = ['raw-pty-lifecycle'];
  if (transport !== 'pty') required.push('semantic-readiness');
  if (hasInitialPrompt) required.push('semantic-readiness', 'structured-prompt');
  if (isResume && hasInitialPrompt) required.push('provider-session-identity', 'semantic-resume');
  for (const capability of required) {
    const admitted = requireRuntimeCapability(policy, capability);
    if (!admitted.ok) return admitted;
  }
  return ok();
}

/** Whether a PTY session attaches its provider event stream (semantic or identity policies). */
export function shouldAttachPtyProviderStream(policy: ProviderRuntimePolicy): boolean {
  return policy.semanticReadiness || policy.providerSessionIdentity;
}

/** Whether a fresh PTY session of `expectedAdapter` probes the vendor for its session identity. */
export function shouldProbePtyIdentity(
  policy: ProviderRuntimePolicy,
  adapter: AdapterBinding | null | undefined,
  authoritativeIdentityPresent: boolean,
  expectedAdapter: string,
): boolean {
  return (
    !authoritativeIdentityPresent &&
    policy.semanticReadiness &&
    policy.structuredPrompt &&
    policy.providerSessionIdentity &&
    adapter?.id === expectedAdapter
  );
}

/**
 * For a fresh (not resumed) Claude Code PTY session whose policy permits identity: pre-assigns a
 * session id, appending `--session-id <uuid>` to `launchExtraArgs`. `null` otherwise.
 */
export function prepareFreshPtyProviderSession(
  adapter: AdapterBinding | null | undefined,
  isResume: boolean,
  identityPermitted: boolean,
  launchExtraArgs: string[],
): ProviderSessionIdentity | null {
  if (adapter === null || adapter === undefined) return null;
  if (isResume || !identityPermitted || adapter.id !== 'claude-code') return null;
  const identity: ProviderSessionIdentity = {
    key: 'session-id',
    id: randomUUID(),
    transcriptPath: null,
  };
  launchExtraArgs.push('--session-id', identity.id);
  return identity;
}
