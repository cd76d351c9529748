import { Nullable, SafeIntegerSchema } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { toolCodec } from '../schema/tool-codec.js';
import { ToolAuditEventKindSchema } from './tool-audit-event-kind.js';
import { ToolAuditSubjectSchema } from './tool-audit-subject.js';

/** One audit event: its sequence, the tick it happened at, its subject request if any. */
export const ToolAuditEventSchema = Type.Object({
  sequence: SafeIntegerSchema,
  tick: SafeIntegerSchema,
  subject: Nullable(ToolAuditSubjectSchema),
  event: ToolAuditEventKindSchema,
});

/** One audit event (upstream `ToolAuditEvent`). */
export type ToolAuditEvent = StaticDecode<typeof ToolAuditEventSchema>;

/** Schema and codec of {@link ToolAuditEvent}. */
export const ToolAuditEvent = {
  schema: ToolAuditEventSchema,
  codec: toolCodec('ToolAuditEvent', ToolAuditEventSchema),
};
