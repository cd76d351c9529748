import type { ApprovalTarget } from '@gate4agent/handle';
import { CapabilityRequestKeySchema } from '@gate4agent/tool-protocol';
import {
  AgentInstanceId,
  createWireCodec,
  SafeIntegerSchema,
  SessionGeneration,
} from '@gate4agent/types';
import Type from 'typebox';

/**
 * The request an `approve` / `deny` command answers: the fields of a request snapshot awaiting
 * approval that the host's authority needs (`ApprovalTarget` of `@gate4agent/handle`).
 */
export const ApprovalTargetSchema = Type.Object({
  key: CapabilityRequestKeySchema,
  acceptedSequence: SafeIntegerSchema,
  instanceId: AgentInstanceId.schema,
  generation: SessionGeneration.schema,
});

/** Compiled codec of an approval target. */
export const ApprovalTargetCodec = createWireCodec('ApprovalTarget', ApprovalTargetSchema);

/** The wire form of `target` (only the four fields the authority reads). */
export function encodeApprovalTarget(target: ApprovalTarget): unknown {
  return ApprovalTargetCodec.encode({
    key: target.key,
    acceptedSequence: target.acceptedSequence,
    instanceId: target.instanceId,
    generation: target.generation,
  });
}

/** The identity of one accepted request (a local id may be reused after it completed). */
export function approvalKey(target: ApprovalTarget): string {
  return `${target.key.consumerId} ${target.key.localId} ${target.acceptedSequence}`;
}
