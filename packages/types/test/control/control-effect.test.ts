import { describe, expect, it } from 'vitest';
import {
  AgentId,
  AgentInstanceId,
  ApprovalLevel,
  CONTROL_PROTOCOL_VERSION,
  type EffectEnvelope,
  EffectEnvelopeCodec,
  OperationId,
  ProviderRuntimePolicy,
  prepareInput,
  SessionGeneration,
  unwrap,
} from '../../src/index.js';

const envelope = (effect: EffectEnvelope['effect']): EffectEnvelope => ({
  protocolVersion: CONTROL_PROTOCOL_VERSION,
  operationId: OperationId.of(1),
  instanceId: AgentInstanceId.of(4_401),
  generation: SessionGeneration.of(1),
  effect,
});

describe('EffectEnvelope', () => {
  it('carries the start request, approval level included, into the spawn effect', () => {
    const spawn = envelope({
      kind: 'spawn',
      agentId: AgentId.of('control-fixture'),
      transport: 'pty',
      runtimePolicy: ProviderRuntimePolicy.rawPty(),
      request: {
        workingDirectory: '/work',
        terminalSize: { rows: 24, columns: 80 },
        initialPrompt: null,
        sessionOptions: null,
        approvalLevel: ApprovalLevel.default(),
      },
    });
    const wire = JSON.parse(JSON.stringify(EffectEnvelopeCodec.encode(spawn)));
    expect(wire.effect.request.approvalLevel).toBe('ask');
    expect(unwrap(EffectEnvelopeCodec.decode(wire))).toEqual(spawn);
  });

  it('round-trips a prepared write with its foreground requirement', () => {
    const input = unwrap(
      prepareInput({ kind: 'submit-prompt', text: 'hi', framing: 'bracketed-paste' }),
    );
    const write = envelope({
      kind: 'write-input',
      input,
      requiredForeground: { kind: 'agent', agentId: AgentId.of('claude') },
    });
    const wire = JSON.parse(JSON.stringify(EffectEnvelopeCodec.encode(write)));
    expect(wire.effect.input.writes[0].bytes).toEqual([27, 91, 50, 48, 48, 126]);
    expect(unwrap(EffectEnvelopeCodec.decode(wire))).toEqual(write);
  });
});
