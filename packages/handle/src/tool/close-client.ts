import { CAPABILITY_PROTOCOL_VERSION } from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { err, ok } from '@gate4agent/types';
import { COUNTER_MAX } from '../constants.js';
import type { AuthorityState } from './authority-state.js';
import { ToolAuthorityError } from './tool-authority-error.js';
import type { ToolClientHandle } from './tool-client-handle.js';
import { clientStateOf } from './tool-client-handle.js';

/** `ToolAuthorityHandle.closeClient`, over the authority's state. */
export function closeClient(
  authority: AuthorityState,
  handle: ToolClientHandle,
): Result<number, ToolAuthorityError> {
  const client = clientStateOf(handle);
  if (client === undefined || client.authority !== authority) {
    return err(ToolAuthorityError.foreignClient());
  }
  if (!authority.isRegistered(client)) return err(ToolAuthorityError.clientClosed());
  switch (client.lifecycle.kind) {
    case 'closing-sent':
      return ok(client.lifecycle.sequence);
    case 'close-succeeded':
    case 'closed':
      return err(ToolAuthorityError.clientClosed());
    default:
      break;
  }
  const sequence = authority.nextAuthoritySequence;
  if (sequence >= COUNTER_MAX) {
    return err(ToolAuthorityError.counterExhausted('authority-sequence'));
  }
  // Deactivate before sending, so that no clone can dispatch past the close.
  client.lifecycle = { kind: 'closing-retry' };
  const sent = authority.ingress.trySend({
    kind: 'tool-authority',
    envelope: {
      protocolVersion: CAPABILITY_PROTOCOL_VERSION,
      sequence,
      command: { kind: 'close-client', consumerId: client.consumerId, actorId: client.actorId },
    },
  });
  if (!sent.ok) {
    return err(
      sent.error.kind === 'full' ? ToolAuthorityError.full() : ToolAuthorityError.disconnected(),
    );
  }
  authority.nextAuthoritySequence = sequence + 1;
  authority.closingBySequence.set(sequence, client.consumerId);
  client.lifecycle = { kind: 'closing-sent', sequence };
  return ok(sequence);
}
