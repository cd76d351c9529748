import { describe, expect, it } from 'vitest';
import {
  AdapterId,
  AgentInstanceId,
  type ControlError,
  ControlErrorCodec,
  controlError,
  inputPrepareError,
  OperationId,
  ProviderInteractionId,
  providerRuntimePolicyError,
  SessionGeneration,
  unwrap,
} from '../../src/index.js';

const id = AgentInstanceId.of(1);
const generation = SessionGeneration.of(3);
const source = {
  family: 'pty-semantic',
  binding: { id: AdapterId.new('claude-hook'), revision: 'r1', verification: 'reference' },
} as const;

function everyVariant(): ControlError[] {
  return [
    controlError.unsupportedProtocolVersion(28, 27),
    controlError.duplicateInstance(id),
    controlError.sessionCapacityExceeded(id, 512),
    controlError.instanceIdentityCapacityExceeded(id, 4_096),
    controlError.unknownInstance(id),
    controlError.generationExhausted(id, generation),
    controlError.operationIdExhausted(),
    controlError.eventSequenceExhausted(),
    controlError.revisionExhausted(),
    controlError.providerSequenceExhausted(id, generation),
    controlError.providerSourceSequenceExhausted(id, generation, source),
    controlError.operationPending(id, OperationId.of(9)),
    controlError.inputRejected(inputPrepareError.inputTooLarge(5, 4)),
    controlError.invalidProviderRuntimePolicy(
      providerRuntimePolicyError('resume-requires-session-identity'),
    ),
    controlError.providerRuntimePolicyDenied('raw-pty-lifecycle'),
    controlError.invalidTerminalSize(),
    controlError.invalidWorkingDirectory(),
    controlError.missingInitialPrompt(),
    controlError.invalidSessionOptions('bad'),
    controlError.invalidCapabilityProbeRequest('bad'),
    controlError.capabilityProbeOperationPending(OperationId.of(2)),
    controlError.capabilityProbeSettled(),
    controlError.invalidHistoryRequest('bad'),
    controlError.historyOperationPending(OperationId.of(2)),
    controlError.unknownHistoryCandidate(),
    controlError.invalidResumeRequest('bad'),
    controlError.missingProviderSession(),
    controlError.historyCandidateNotLoaded(),
    controlError.unsupportedTransportOperation('pipe', 'resize'),
    controlError.invalidTransition(id, 'start', { kind: 'running' }),
    controlError.staleProviderGeneration(generation, SessionGeneration.of(2)),
    controlError.staleProviderSequence(),
    controlError.invalidProviderBatch(32),
    controlError.invalidProviderEvent('bad'),
    controlError.staleProviderInteractionGeneration(generation, SessionGeneration.of(2)),
    controlError.unknownProviderInteraction(ProviderInteractionId.of(4)),
    controlError.providerInteractionNotPending(ProviderInteractionId.of(4)),
    controlError.invalidProviderInteractionResponse('bad'),
  ];
}

describe('controlError', () => {
  it('builds one kebab-case variant per upstream variant, each matching the wire schema', () => {
    const variants = everyVariant();
    expect(new Set(variants.map((variant) => variant.kind)).size).toBe(38);
    for (const variant of variants) {
      expect(variant.kind).toMatch(/^[a-z]+(-[a-z]+)*$/);
      const wire = JSON.parse(JSON.stringify(ControlErrorCodec.encode(variant)));
      expect(unwrap(ControlErrorCodec.decode(wire))).toEqual(variant);
    }
  });

  it('words each message in plain English, with the values and what to do', () => {
    expect(controlError.invalidTransition(id, 'start', { kind: 'running' }).message).toBe(
      'agent instance 1 cannot start: it is running; stop it first',
    );
    expect(
      controlError.invalidTransition(id, 'stop', { kind: 'exited', exitCode: 0 }).message,
    ).toBe('agent instance 1 cannot stop: it exited (exit code 0); start it again or remove it');
    expect(
      controlError.invalidTransition(id, 'stop', { kind: 'failed', message: 'x"y' }).message,
    ).toBe('agent instance 1 cannot stop: it failed (x"y); start it again or remove it');
    expect(controlError.unsupportedProtocolVersion(28, 27).message).toBe(
      'control protocol version 27 is unsupported; send version 28',
    );
    expect(controlError.inputRejected(inputPrepareError.inputTooLarge(5, 4)).message).toBe(
      'agent input was rejected: input is 5 bytes, over the configured limit of 4 bytes; send it in smaller parts',
    );
    expect(controlError.providerRuntimePolicyDenied('raw-pty-lifecycle').message).toBe(
      "provider runtime capability raw-pty-lifecycle is not admitted by the session's policy; enable it in the provider runtime policy",
    );
    expect(controlError.unsupportedTransportOperation('pipe', 'resize').message).toBe(
      'the pipe transport does not support resize; use a transport that does',
    );
    expect(controlError.generationExhausted(id, generation).message).toBe(
      'agent instance 1 has used its last session generation 3; register a new instance id',
    );
    expect(controlError.providerSourceSequenceExhausted(id, generation, source).message).toBe(
      'agent instance 1 generation 3 has used all sequences of provider source pty-semantic ' +
        '(adapter claude-hook r1, reference); restart the session',
    );
  });
});
