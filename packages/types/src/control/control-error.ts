import Type, { type Static, type TProperties } from 'typebox';
import { OperatorGateSchema } from '../agent/operator-gate.js';
import {
  AgentInstanceId,
  OperationId,
  ProviderInteractionId,
  SessionGeneration,
} from '../id/numeric-id.js';
import { InputPrepareErrorSchema } from '../input/input-prepare-error.js';
import { ProviderSourceSchema } from '../provider/provider-source.js';
import { createWireCodec, U16Schema } from '../shared/schema.js';
import {
  ProviderRuntimeCapabilitySchema,
  ProviderRuntimePolicyErrorSchema,
} from './provider-runtime-policy.js';
import { SessionStatusSchema } from './session-status.js';
import { TransportKindSchema } from './transport-kind.js';

const variant = <K extends string, P extends TProperties>(kind: K, fields: P) =>
  Type.Object({ kind: Type.Literal(kind), ...fields, message: Type.String() });

const instanceId = AgentInstanceId.schema;
const generation = SessionGeneration.schema;
const operationId = OperationId.schema;
const interactionId = ProviderInteractionId.schema;
const text = Type.String();
const max = Type.Integer({ minimum: 0 });

/** TypeBox schema of {@link ControlError}. */
export const ControlErrorSchema = Type.Union([
  variant('unsupported-protocol-version', { expected: U16Schema, actual: U16Schema }),
  variant('duplicate-instance', { instanceId }),
  variant('session-capacity-exceeded', { instanceId, max }),
  variant('instance-identity-capacity-exceeded', { instanceId, max }),
  variant('unknown-instance', { instanceId }),
  variant('generation-exhausted', { instanceId, generation }),
  variant('operation-id-exhausted', {}),
  variant('event-sequence-exhausted', {}),
  variant('revision-exhausted', {}),
  variant('provider-sequence-exhausted', { instanceId, generation }),
  variant('provider-source-sequence-exhausted', {
    instanceId,
    generation,
    providerSource: ProviderSourceSchema,
  }),
  variant('operation-pending', { instanceId, operationId }),
  variant('input-rejected', { error: InputPrepareErrorSchema }),
  variant('operator-action-required', { instanceId, gate: OperatorGateSchema }),
  variant('invalid-provider-runtime-policy', { error: ProviderRuntimePolicyErrorSchema }),
  variant('provider-runtime-policy-denied', { capability: ProviderRuntimeCapabilitySchema }),
  variant('invalid-terminal-size', {}),
  variant('invalid-working-directory', {}),
  variant('missing-initial-prompt', {}),
  variant('invalid-session-options', { detail: text }),
  variant('invalid-capability-probe-request', { detail: text }),
  variant('capability-probe-operation-pending', { operationId }),
  variant('capability-probe-settled', {}),
  variant('invalid-history-request', { detail: text }),
  variant('history-operation-pending', { operationId }),
  variant('unknown-history-candidate', {}),
  variant('invalid-resume-request', { detail: text }),
  variant('missing-provider-session', {}),
  variant('history-candidate-not-loaded', {}),
  variant('unsupported-transport-operation', { transport: TransportKindSchema, action: text }),
  variant('invalid-transition', { instanceId, action: text, status: SessionStatusSchema }),
  variant('stale-provider-generation', { expected: generation, actual: generation }),
  variant('stale-provider-sequence', {}),
  variant('invalid-provider-batch', { max }),
  variant('invalid-provider-event', { detail: text }),
  variant('stale-provider-interaction-generation', { expected: generation, actual: generation }),
  variant('unknown-provider-interaction', { interactionId }),
  variant('provider-interaction-not-pending', { interactionId }),
  variant('invalid-provider-interaction-response', { detail: text }),
]);

/**
 * Why the control engine rejected a command. Upstream variants that carry a `message` field keep
 * it as `detail` here, because `message` is the readable rendering every error carries.
 */
export type ControlError = Static<typeof ControlErrorSchema>;

/** Compiled decoder of {@link ControlError}. */
export const ControlErrorCodec = createWireCodec('ControlError', ControlErrorSchema);
