import Type, { type StaticDecode } from 'typebox';
import { AgentIdSchema } from '../id/agent-id.js';
import type { AgentInstanceId } from '../id/numeric-id.js';
import {
  AgentInstanceId as AgentInstanceIdFactory,
  ProviderInteractionId,
  SessionGeneration,
} from '../id/numeric-id.js';
import { InputActionSchema } from '../input/input-action.js';
import { ProviderEventSchema } from '../provider/provider-event.js';
import { ProviderInteractionResponseSchema } from '../provider/provider-interaction-response.js';
import { ProviderSourceSchema } from '../provider/provider-source.js';
import { createWireCodec, SafeIntegerSchema } from '../shared/schema.js';
import { ProviderRuntimePolicySchema } from './provider-runtime-policy.js';
import { StartRequestSchema } from './start-request.js';
import { TerminalSizeSchema } from './terminal-size.js';
import { TransportKindSchema } from './transport-kind.js';

const instanceId = AgentInstanceIdFactory.schema;

/**
 * TypeBox schema of {@link ControlCommand}. The history, resume and capability-probe commands of
 * upstream (`probe-capabilities`, `discover-history`, `load-history`, `resume`) are not ported yet.
 */
export const ControlCommandSchema = Type.Union([
  Type.Object({
    kind: Type.Literal('register'),
    instanceId,
    agentId: AgentIdSchema,
    transport: TransportKindSchema,
  }),
  Type.Object({
    kind: Type.Literal('start'),
    instanceId,
    runtimePolicy: ProviderRuntimePolicySchema,
    request: StartRequestSchema,
  }),
  Type.Object({ kind: Type.Literal('stop'), instanceId, force: Type.Boolean() }),
  Type.Object({ kind: Type.Literal('send-input'), instanceId, action: InputActionSchema }),
  Type.Object({ kind: Type.Literal('resize'), instanceId, size: TerminalSizeSchema }),
  Type.Object({ kind: Type.Literal('refresh-foreground'), instanceId }),
  Type.Object({
    kind: Type.Literal('resolve-interaction'),
    instanceId,
    generation: SessionGeneration.schema,
    interactionId: ProviderInteractionId.schema,
    response: ProviderInteractionResponseSchema,
  }),
  Type.Object({
    kind: Type.Literal('ingest-provider'),
    instanceId,
    generation: SessionGeneration.schema,
    source: ProviderSourceSchema,
    sourceSequence: SafeIntegerSchema,
    events: Type.Array(ProviderEventSchema),
  }),
  Type.Object({ kind: Type.Literal('remove'), instanceId }),
]);

/** One request to the control plane, addressed to an agent instance. */
export type ControlCommand = StaticDecode<typeof ControlCommandSchema>;

/** The agent instance any command addresses. */
export function controlCommandInstanceId(command: ControlCommand): AgentInstanceId {
  return command.instanceId;
}

/** Compiled decoder of {@link ControlCommand}. */
export const ControlCommandCodec = createWireCodec('ControlCommand', ControlCommandSchema);
