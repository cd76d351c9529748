import type { ToolClientHandle } from '@gate4agent/handle';
import type { CapabilityRequestId } from '@gate4agent/tool-protocol';
import { MCP_APPROVAL_PROGRESS_INTERVAL_MS } from './constants.js';

/** Sends one `notifications/progress` with this count and message. */
export type SendProgress = (progress: number, message: string) => void;

function awaitingApproval(client: ToolClientHandle, localId: CapabilityRequestId): boolean {
  const mine = client.snapshot().requests.find((request) => request.key.localId === localId);
  return mine?.status.kind === 'awaiting-approval';
}

/**
 * While request `localId` awaits the operator's decision, sends a progress notification when the
 * wait begins (seen on a publication) and every {@link MCP_APPROVAL_PROGRESS_INTERVAL_MS} after,
 * so the MCP client knows the call is alive. Returns the stop function.
 */
export function reportApprovalProgress(
  client: ToolClientHandle,
  onPublish: (listener: () => void) => () => void,
  localId: CapabilityRequestId,
  tool: string,
  send: SendProgress,
): () => void {
  let sent = 0;
  let waiting = false;
  const tell = () => {
    sent += 1;
    send(sent, `waiting for the operator to approve the call of ${tool}`);
  };
  const check = () => {
    if (waiting || !awaitingApproval(client, localId)) return;
    waiting = true;
    tell();
  };
  const unsubscribe = onPublish(check);
  const timer = setInterval(() => {
    if (awaitingApproval(client, localId)) tell();
  }, MCP_APPROVAL_PROGRESS_INTERVAL_MS);
  timer.unref();
  check();
  return () => {
    unsubscribe();
    clearInterval(timer);
  };
}
