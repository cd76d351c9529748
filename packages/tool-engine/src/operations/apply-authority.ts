import { ToolAuthorityEnvelope, type ToolAuthorityOutcome } from '@gate4agent/tool-protocol';
import { err, ok, type Result } from '@gate4agent/types';
import { ToolEngineError } from '../errors.js';
import type { ToolEngineState } from '../state/engine-state.js';
import { closeClient } from './close-client.js';
import { revokeGrant, setGrant } from './grant.js';
import { resolveApproval } from './resolve-approval.js';

function reduceCommand(
  state: ToolEngineState,
  envelope: ToolAuthorityEnvelope,
): Result<ToolAuthorityOutcome, ToolEngineError> {
  const { command } = envelope;
  switch (command.kind) {
    case 'set-grant': {
      const set = setGrant(state, command.grant);
      return set.ok ? ok({ kind: 'grant-set' }) : set;
    }
    case 'revoke-grant': {
      const revoked = revokeGrant(state, command.key);
      return revoked.ok ? ok({ kind: 'grant-revoked', existed: revoked.value }) : revoked;
    }
    case 'resolve-approval': {
      const { resolution } = command;
      const resolved = resolveApproval(state, resolution);
      if (resolved.ok) return ok({ kind: 'approval-resolved' });
      if (resolved.error.kind !== 'approval-deadline-elapsed') return resolved;
      return ok({
        kind: 'approval-expired',
        requestKey: resolution.requestKey,
        acceptedSequence: resolution.acceptedSequence,
      });
    }
    case 'close-client':
      return ok(closeClient(state, command.consumerId, command.actorId));
  }
}

/**
 * The one lane for policy, approval and client mutations (upstream `apply_authority`): the
 * envelope's validation, then a sequence strictly above the last applied one (gaps allowed), then
 * the command. A failed command leaves the sequence unconsumed, so it may be retried; every
 * success consumes it, the no-op outcomes and `approval-expired` included.
 */
export function applyAuthority(
  state: ToolEngineState,
  envelope: ToolAuthorityEnvelope,
): Result<ToolAuthorityOutcome, ToolEngineError> {
  const valid = ToolAuthorityEnvelope.validate(envelope);
  if (!valid.ok) return err(ToolEngineError.validation(valid.error));
  if (envelope.sequence <= state.lastAuthoritySequence) {
    return err(
      ToolEngineError.authoritySequenceRegressed(state.lastAuthoritySequence, envelope.sequence),
    );
  }
  const outcome = reduceCommand(state, envelope);
  if (outcome.ok) state.lastAuthoritySequence = envelope.sequence;
  return outcome;
}
