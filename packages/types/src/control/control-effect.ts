import Type, { type StaticDecode } from 'typebox';
import { AgentIdSchema } from '../id/agent-id.js';
import { AgentInstanceId, OperationId, SessionGeneration } from '../id/numeric-id.js';
import { PreparedInputSchema } from '../input/prepared-input.js';
import { ProviderInteractionTargetSchema } from '../provider/provider-interaction.js';
import { ProviderInteractionResponseSchema } from '../provider/provider-interaction-response.js';
import { createWireCodec, U16Schema } from '../shared/schema.js';
import { ForegroundRequirementSchema } from './foreground.js';
import { ProviderRuntimePolicySchema } from './provider-runtime-policy.js';
import { StartRequestSchema } from './start-request.js';
import { TerminalSizeSchema } from './terminal-size.js';
import { TransportKindSchema } from './transport-kind.js';

/**
 * TypeBox schema of {@link ControlEffect}. Upstream's history, resume and capability-probe effects
 * (`probe-capabilities`, `discover-history`, `load-history`, `authorize-resume`, `spawn-resume`)
 * are not ported yet.
 */
export const ControlEffectSchema = Type.Union([
  Type.Object({
    kind: Type.Literal('spawn'),
    agentId: AgentIdSchema,
    transport: TransportKindSchema,
    runtimePolicy: ProviderRuntimePolicySchema,
    request: StartRequestSchema,
  }),
  Type.Object({ kind: Type.Literal('stop'), force: Type.Boolean() }),
  Type.Object({
    kind: Type.Literal('write-input'),
    input: PreparedInputSchema,
    requiredForeground: ForegroundRequirementSchema,
  }),
  Type.Object({ kind: Type.Literal('submit-prompt'), prompt: Type.String() }),
  Type.Object({ kind: Type.Literal('interrupt') }),
  Type.Object({ kind: Type.Literal('resize'), size: TerminalSizeSchema }),
  Type.Object({ kind: Type.Literal('observe-foreground') }),
  Type.Object({
    kind: Type.Literal('resolve-interaction'),
    target: ProviderInteractionTargetSchema,
    response: ProviderInteractionResponseSchema,
  }),
]);

/** Work the engine asks an executor to carry out (spawn, stop, write, resize, …). */
export type ControlEffect = StaticDecode<typeof ControlEffectSchema>;

/** TypeBox schema of {@link EffectEnvelope}. */
export const EffectEnvelopeSchema = Type.Object({
  protocolVersion: U16Schema,
  operationId: OperationId.schema,
  instanceId: AgentInstanceId.schema,
  generation: SessionGeneration.schema,
  effect: ControlEffectSchema,
});

/** An effect stamped with the protocol version, its operation, instance and generation. */
export type EffectEnvelope = StaticDecode<typeof EffectEnvelopeSchema>;

/** Compiled decoder of {@link EffectEnvelope}. */
export const EffectEnvelopeCodec = createWireCodec('EffectEnvelope', EffectEnvelopeSchema);

/** Compiled decoder of {@link ControlEffect}. */
export const ControlEffectCodec = createWireCodec('ControlEffect', ControlEffectSchema);
