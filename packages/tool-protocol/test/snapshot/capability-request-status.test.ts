import { SessionGeneration } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { CapabilityRequestStatus, ToolOperationId } from '../../src/index.js';

const operationId = ToolOperationId.of(9);

describe('CapabilityRequestStatus.isTerminal', () => {
  it('is false only while awaiting approval or dispatched', () => {
    const open: CapabilityRequestStatus[] = [
      { kind: 'awaiting-approval' },
      { kind: 'dispatched', operationId },
    ];
    const terminal: CapabilityRequestStatus[] = [
      { kind: 'denied', reason: { kind: 'missing-grant' } },
      {
        kind: 'succeeded',
        operationId,
        result: { byteLen: 2, mediaType: null, truncated: false, redactedSummary: null },
      },
      { kind: 'failed', operationId, failure: { kind: 'execution', redactedMessage: null } },
      { kind: 'approval-denied' },
      { kind: 'grant-revoked', operationId, cancellation: 'cancel-queued-unconfirmed' },
      { kind: 'timed-out', operationId: null, cancellation: 'queued-invoke-removed' },
      {
        kind: 'superseded',
        operationId: null,
        cancellation: 'not-required',
        currentGeneration: SessionGeneration.of(4),
      },
      { kind: 'instance-closed', operationId: null, cancellation: 'dropped-queue-full' },
      { kind: 'client-closed', operationId, cancellation: 'dropped-sequence-exhausted' },
      { kind: 'provider-detached', operationId, cancellation: 'provider-detached-unconfirmed' },
    ];
    for (const status of open) expect(CapabilityRequestStatus.isTerminal(status)).toBe(false);
    for (const status of terminal) expect(CapabilityRequestStatus.isTerminal(status)).toBe(true);
    expect(open.length + terminal.length).toBe(12);
  });
});
