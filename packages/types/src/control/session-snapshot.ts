import Type, { type StaticDecode } from 'typebox';
import { OperatorGateSchema } from '../agent/operator-gate.js';
import { SessionOptionSelectionSchema } from '../agent/session-options.js';
import { AgentIdSchema } from '../id/agent-id.js';
import { AgentInstanceId, OperationId, SessionGeneration } from '../id/numeric-id.js';
import { PreparedInputKindSchema } from '../input/prepared-input.js';
import { ProviderSnapshotSchema } from '../provider/provider-snapshot.js';
import { createWireCodec, Nullable, U32Schema } from '../shared/schema.js';
import { ForegroundSnapshotSchema } from './foreground.js';
import { SessionStatusSchema } from './session-status.js';
import { TerminalFrameSchema } from './terminal-frame.js';
import { TerminalSizeSchema } from './terminal-size.js';
import { TransportKindSchema } from './transport-kind.js';

/**
 * TypeBox schema of {@link SessionSnapshot}. Upstream's `capabilities`, `history` and `resume`
 * sub-snapshots are not ported yet.
 */
export const SessionSnapshotSchema = Type.Object({
  instanceId: AgentInstanceId.schema,
  agentId: AgentIdSchema,
  transport: TransportKindSchema,
  generation: SessionGeneration.schema,
  status: SessionStatusSchema,
  pendingOperation: Nullable(OperationId.schema),
  pendingInput: Nullable(PreparedInputKindSchema),
  processId: Nullable(U32Schema),
  terminalSize: Nullable(TerminalSizeSchema),
  terminalFrame: Nullable(TerminalFrameSchema),
  terminalStale: Nullable(Type.String()),
  operatorGate: Nullable(OperatorGateSchema),
  sessionOptions: Nullable(SessionOptionSelectionSchema),
  foreground: ForegroundSnapshotSchema,
  provider: ProviderSnapshotSchema,
});

/**
 * An immutable picture of one session: identity, status, pending work, terminal and provider
 * state. `operatorGate` is the dialog on screen that only a person should answer (trust, login,
 * …), updated with every terminal frame; `null` when none shows or the session is not running.
 */
export type SessionSnapshot = StaticDecode<typeof SessionSnapshotSchema>;

/** Compiled decoder of {@link SessionSnapshot}. */
export const SessionSnapshotCodec = createWireCodec('SessionSnapshot', SessionSnapshotSchema);
