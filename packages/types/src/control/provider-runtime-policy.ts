// The policy travels inside `start` commands and `spawn` effects; decoding it re-runs `validate`
// exactly as upstream's custom deserializer does, so an invalid policy never enters the engine.
import Type, { type Static } from 'typebox';
import { err, ok, type Result } from '../shared/result.js';
import { createWireCodec } from '../shared/schema.js';

/** TypeBox schema of {@link ProviderRuntimeCapability}. */
export const ProviderRuntimeCapabilitySchema = Type.Enum([
  'raw-pty-lifecycle',
  'semantic-readiness',
  'structured-prompt',
  'provider-session-identity',
  'semantic-resume',
]);

/** One capability a {@link ProviderRuntimePolicy} may admit. */
export type ProviderRuntimeCapability = Static<typeof ProviderRuntimeCapabilitySchema>;

const POLICY_ERROR_MESSAGES = {
  'semantic-capability-requires-raw-pty':
    'semantic provider capabilities require the raw PTY lifecycle; set rawPtyLifecycle or clear the semantic flags',
  'structured-prompt-requires-readiness':
    'structured prompts require semantic readiness; set semanticReadiness or clear structuredPrompt',
  'resume-requires-session-identity':
    'semantic resume requires provider session identity; set providerSessionIdentity or clear semanticResume',
} as const;

/** TypeBox schema of {@link ProviderRuntimePolicyError}. */
export const ProviderRuntimePolicyErrorSchema = Type.Object({
  kind: Type.Enum([
    'semantic-capability-requires-raw-pty',
    'structured-prompt-requires-readiness',
    'resume-requires-session-identity',
  ]),
  message: Type.String(),
});

/** Why a {@link ProviderRuntimePolicy} is inconsistent. */
export type ProviderRuntimePolicyError = Static<typeof ProviderRuntimePolicyErrorSchema>;

/** Builds the {@link ProviderRuntimePolicyError} of `kind`, with the upstream wording. */
export function providerRuntimePolicyError(
  kind: ProviderRuntimePolicyError['kind'],
): ProviderRuntimePolicyError {
  return { kind, message: POLICY_ERROR_MESSAGES[kind] };
}

const PolicyFieldsSchema = Type.Object({
  rawPtyLifecycle: Type.Boolean(),
  semanticReadiness: Type.Boolean(),
  structuredPrompt: Type.Boolean(),
  providerSessionIdentity: Type.Boolean(),
  semanticResume: Type.Boolean(),
});

type PolicyFields = Static<typeof PolicyFieldsSchema>;

function validate(policy: PolicyFields): Result<void, ProviderRuntimePolicyError> {
  const semantic =
    policy.semanticReadiness ||
    policy.structuredPrompt ||
    policy.providerSessionIdentity ||
    policy.semanticResume;
  if (semantic && !policy.rawPtyLifecycle) {
    return err(providerRuntimePolicyError('semantic-capability-requires-raw-pty'));
  }
  if (policy.structuredPrompt && !policy.semanticReadiness) {
    return err(providerRuntimePolicyError('structured-prompt-requires-readiness'));
  }
  if (policy.semanticResume && !policy.providerSessionIdentity) {
    return err(providerRuntimePolicyError('resume-requires-session-identity'));
  }
  return ok(undefined);
}

/**
 * TypeBox schema of {@link ProviderRuntimePolicy}: all five flags are required, and a decoded
 * policy must also pass {@link ProviderRuntimePolicy.validate} (the violation carries its message).
 */
export const ProviderRuntimePolicySchema = Type.Refine(
  PolicyFieldsSchema,
  (policy) => validate(policy).ok,
  (policy) => {
    const checked = validate(policy);
    return checked.ok ? 'invalid provider runtime policy' : checked.error.message;
  },
);

/** Which provider-runtime capabilities a session may use. */
export type ProviderRuntimePolicy = Static<typeof ProviderRuntimePolicySchema>;

const CAPABILITY_FIELD = {
  'raw-pty-lifecycle': 'rawPtyLifecycle',
  'semantic-readiness': 'semanticReadiness',
  'structured-prompt': 'structuredPrompt',
  'provider-session-identity': 'providerSessionIdentity',
  'semantic-resume': 'semanticResume',
} as const satisfies Record<ProviderRuntimeCapability, keyof PolicyFields>;

/** Constructors and checks of {@link ProviderRuntimePolicy}. */
export const ProviderRuntimePolicy = {
  schema: ProviderRuntimePolicySchema,
  /** The raw-PTY policy: the PTY lifecycle only, no semantic capability. */
  rawPty(): ProviderRuntimePolicy {
    return {
      rawPtyLifecycle: true,
      semanticReadiness: false,
      structuredPrompt: false,
      providerSessionIdentity: false,
      semanticResume: false,
    };
  },
  /** Builds a policy from its five flags and validates it. */
  tryNew(flags: ProviderRuntimePolicy): Result<ProviderRuntimePolicy, ProviderRuntimePolicyError> {
    const policy: ProviderRuntimePolicy = {
      rawPtyLifecycle: flags.rawPtyLifecycle,
      semanticReadiness: flags.semanticReadiness,
      structuredPrompt: flags.structuredPrompt,
      providerSessionIdentity: flags.providerSessionIdentity,
      semanticResume: flags.semanticResume,
    };
    const checked = validate(policy);
    return checked.ok ? ok(policy) : checked;
  },
  /**
   * Checks, in order: a semantic flag needs `rawPtyLifecycle`; `structuredPrompt` needs
   * `semanticReadiness`; `semanticResume` needs `providerSessionIdentity`.
   */
  validate,
  /** Whether `policy` admits `capability`. */
  admits(policy: ProviderRuntimePolicy, capability: ProviderRuntimeCapability): boolean {
    return policy[CAPABILITY_FIELD[capability]];
  },
};

/** Compiled decoder of {@link ProviderRuntimePolicy}: every flag required, then `validate`. */
export const ProviderRuntimePolicyCodec = createWireCodec(
  'ProviderRuntimePolicy',
  ProviderRuntimePolicySchema,
);
