import {
  AgentInstanceId,
  BytesSchema,
  err,
  ok,
  type Result,
  SafeIntegerSchema,
  SessionGeneration,
} from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { TOOL_APPROVAL_SUMMARY_MAX_BYTES, TOOL_PAYLOAD_MAX_BYTES } from '../constants.js';
import { ToolValidationError } from '../errors.js';
import { CapabilityRequestId } from '../id/numeric-ids.js';
import { ResourceScopeId, ToolCapabilityId, ToolProviderId } from '../id/tool-ids.js';
import { redactedObject } from '../redaction/redact.js';
import { toolCodec } from '../schema/tool-codec.js';
import { validateRequiredText } from '../text/text-checks.js';

/**
 * What a client submits; the handle binds consumer and actor. The payload is opaque bytes and is
 * redacted from `inspect` and `toJSON` (decoded values and {@link CapabilityRequestInput.of}).
 */
export const CapabilityRequestInputSchema = Type.Object({
  localId: CapabilityRequestId.schema,
  instanceId: AgentInstanceId.schema,
  generation: SessionGeneration.schema,
  providerId: ToolProviderId.schema,
  capabilityId: ToolCapabilityId.schema,
  resourceScopeId: ResourceScopeId.schema,
  approvalSummary: Type.String(),
  deadlineTick: SafeIntegerSchema,
  payload: BytesSchema,
});

/** What a client submits (upstream `CapabilityRequestInput`). */
export type CapabilityRequestInput = StaticDecode<typeof CapabilityRequestInputSchema>;

/** Schema, codec, constructor and validator of {@link CapabilityRequestInput}. */
export const CapabilityRequestInput = {
  schema: CapabilityRequestInputSchema,
  codec: toolCodec('CapabilityRequestInput', CapabilityRequestInputSchema, { redacted: true }),
  /** A copy of `fields` whose payload is redacted from `inspect` and `toJSON`. */
  of: (fields: CapabilityRequestInput): CapabilityRequestInput => {
    const input = redactedObject<CapabilityRequestInput>();
    input.localId = fields.localId;
    input.instanceId = fields.instanceId;
    input.generation = fields.generation;
    input.providerId = fields.providerId;
    input.capabilityId = fields.capabilityId;
    input.resourceScopeId = fields.resourceScopeId;
    input.approvalSummary = fields.approvalSummary;
    input.deadlineTick = fields.deadlineTick;
    input.payload = fields.payload;
    return input;
  },
  /**
   * In order: local id 0 → `zero-identifier` ("tool request id"); deadline not after
   * `currentTick` → `deadline-elapsed`; payload over 64 KiB → `too-large`; approval summary as
   * required text (≤ 1 024 bytes, no Cc, so no newlines).
   */
  validate(input: CapabilityRequestInput, currentTick: number): Result<void, ToolValidationError> {
    if (input.localId === 0) return err(ToolValidationError.zeroIdentifier('tool request id'));
    if (input.deadlineTick <= currentTick) {
      return err(ToolValidationError.deadlineElapsed(currentTick, input.deadlineTick));
    }
    if (input.payload.length > TOOL_PAYLOAD_MAX_BYTES) {
      return err(
        ToolValidationError.tooLarge(
          'tool request payload',
          TOOL_PAYLOAD_MAX_BYTES,
          input.payload.length,
        ),
      );
    }
    const summary = validateRequiredText(
      'tool approval summary',
      input.approvalSummary,
      TOOL_APPROVAL_SUMMARY_MAX_BYTES,
    );
    return summary.ok ? ok() : summary;
  },
};
