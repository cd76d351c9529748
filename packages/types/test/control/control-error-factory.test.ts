import { describe, expect, it } from 'vitest';
import {
  AdapterId,
  AgentInstanceId,
  ControlError,
  ControlErrorCodec,
  InputPrepareError,
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
  binding: { id: AdapterId.of('claude-hook'), revision: 'r1', verification: 'reference' },
} as const;

function everyVariant(): ControlError[] {
  return [
    ControlError.unsupportedProtocolVersion(28, 27),
    ControlError.duplicateInstance(id),
    ControlError.sessionCapacityExceeded(id, 512),
    ControlError.instanceIdentityCapacityExceeded(id, 4_096),
    ControlError.unknownInstance(id),
    ControlError.generationExhausted(id, generation),
    ControlError.operationIdExhausted(),
    ControlError.eventSequenceExhausted(),
    ControlError.revisionExhausted(),
    ControlError.providerSequenceExhausted(id, generation),
    ControlError.providerSourceSequenceExhausted(id, generation, source),
    ControlError.operationPending(id, OperationId.of(9)),
    ControlError.inputRejected(InputPrepareError.inputTooLarge(5, 4)),
    ControlError.invalidProviderRuntimePolicy(
      providerRuntimePolicyError('resume-requires-session-identity'),
    ),
    ControlError.providerRuntimePolicyDenied('raw-pty-lifecycle'),
    ControlError.invalidTerminalSize(),
    ControlError.invalidWorkingDirectory(),
    ControlError.missingInitialPrompt(),
    ControlError.invalidSessionOptions('bad'),
    ControlError.invalidCapabilityProbeRequest('bad'),
    ControlError.capabilityProbeOperationPending(OperationId.of(2)),
    ControlError.capabilityProbeSettled(),
    ControlError.invalidHistoryRequest('bad'),
    ControlError.historyOperationPending(OperationId.of(2)),
    ControlError.unknownHistoryCandidate(),
    ControlError.invalidResumeRequest('bad'),
    ControlError.missingProviderSession(),
    ControlError.historyCandidateNotLoaded(),
    ControlError.unsupportedTransportOperation('pipe', 'resize'),
    ControlError.invalidTransition(id, 'start', { kind: 'running' }),
    ControlError.staleProviderGeneration(generation, SessionGeneration.of(2)),
    ControlError.staleProviderSequence(),
    ControlError.invalidProviderBatch(32),
    ControlError.invalidProviderEvent('bad'),
    ControlError.staleProviderInteractionGeneration(generation, SessionGeneration.of(2)),
    ControlError.unknownProviderInteraction(ProviderInteractionId.of(4)),
    ControlError.providerInteractionNotPending(ProviderInteractionId.of(4)),
    ControlError.invalidProviderInteractionResponse('bad'),
  ];
}

describe('ControlError', () => {
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
    expect(ControlError.invalidTransition(id, 'start', { kind: 'running' }).message).toBe(
      'agent instance 1 cannot start: it is running; stop it first',
    );
    expect(
      ControlError.invalidTransition(id, 'stop', { kind: 'exited', exitCode: 0 }).message,
    ).toBe('agent instance 1 cannot stop: it exited (exit code 0); start it again or remove it');
    expect(
      ControlError.invalidTransition(id, 'stop', { kind: 'failed', message: 'x"y' }).message,
    ).toBe('agent instance 1 cannot stop: it failed (x"y); start it again or remove it');
    expect(ControlError.unsupportedProtocolVersion(28, 27).message).toBe(
      'control protocol version 27 is unsupported; send version 28',
    );
    expect(ControlError.inputRejected(InputPrepareError.inputTooLarge(5, 4)).message).toBe(
      'agent input was rejected: input is 5 bytes, over the configured limit of 4 bytes; send it in smaller parts',
    );
    expect(ControlError.providerRuntimePolicyDenied('raw-pty-lifecycle').message).toBe(
      "provider runtime capability raw-pty-lifecycle is not admitted by the session's policy; enable it in the provider runtime policy",
    );
    expect(ControlError.unsupportedTransportOperation('pipe', 'resize').message).toBe(
      'the pipe transport does not support resize; use a transport that does',
    );
    expect(ControlError.generationExhausted(id, generation).message).toBe(
      'agent instance 1 has used its last session generation 3; register a new instance id',
    );
    expect(ControlError.providerSourceSequenceExhausted(id, generation, source).message).toBe(
      'agent instance 1 generation 3 has used all sequences of provider source pty-semantic ' +
        '(adapter claude-hook r1, reference); restart the session',
    );
  });
});
