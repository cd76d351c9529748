import Type, { type Static } from 'typebox';
import { AgentIdSchema } from '../id/agent-id.js';
import { createWireCodec, Nullable } from '../shared/schema.js';
import { AgentCapabilitiesSchema } from './agent-capabilities.js';
import { DetectionSpecSchema, LaunchSpecSchema } from './launch-spec.js';
import { ProcessMatcherSchema } from './process-matcher.js';
import { PromptSpecSchema } from './prompt-spec.js';
import { AgentReadinessSpecSchema } from './readiness.js';
import type { RuntimePlatform } from './runtime-platform.js';

/** TypeBox schema of {@link SpecVerification}. */
export const SpecVerificationSchema = Type.Enum(['gate4agent-verified', 'reference']);

/**
 * Whether a spec was verified by gate4agent against the real CLI, or derived from a reference
 * catalog (Orca) without live verification.
 */
export type SpecVerification = Static<typeof SpecVerificationSchema>;

/** TypeBox schema of {@link VerifiedWith}. */
export const VerifiedWithSchema = Type.Object({ version: Type.String() });

/**
 * The CLI release a spec's launch flags, approval flags, readiness and operator gates were
 * checked against (its `--version`), as `{ version: '0.171.0' }`.
 */
export type VerifiedWith = Static<typeof VerifiedWithSchema>;

/** TypeBox schema of {@link AgentSpec}. */
export const AgentSpecSchema = Type.Object({
  id: AgentIdSchema,
  revision: Type.String(),
  displayName: Type.String(),
  detection: DetectionSpecSchema,
  launch: LaunchSpecSchema,
  expectedProcesses: Type.Array(ProcessMatcherSchema),
  prompt: PromptSpecSchema,
  readiness: AgentReadinessSpecSchema,
  capabilities: AgentCapabilitiesSchema,
  verification: SpecVerificationSchema,
  verifiedWith: Nullable(VerifiedWithSchema),
});

/**
 * Everything gate4agent knows about one agent CLI: identity, revision of this launch contract
 * (not the CLI version), detection, launch, expected foreground processes, prompt delivery,
 * readiness and capabilities, and `verifiedWith` the CLI release it was checked against (`null`
 * when never run by gate4agent). Validate it with the capability catalog's `AgentRegistry`.
 */
export type AgentSpec = Static<typeof AgentSpecSchema>;

/** Wire codec of {@link AgentSpec}: shape and agent id are checked; registry rules are not. */
export const AgentSpecCodec = createWireCodec('AgentSpec', AgentSpecSchema);

/** Whether `spec` can run on `platform` (it is not listed in `detection.unsupportedPlatforms`). */
export function supportsPlatform(spec: AgentSpec, platform: RuntimePlatform): boolean {
  return !spec.detection.unsupportedPlatforms.includes(platform);
}
