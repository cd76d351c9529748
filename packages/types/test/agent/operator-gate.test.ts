import { describe, expect, it } from 'vitest';
import {
  AgentInstanceId,
  ControlError,
  describeOperatorGate,
  type OperatorGate,
  OperatorGateCodec,
  operatorActionRequiredMessage,
  operatorGateHeadline,
  unwrap,
  unwrapErr,
} from '../../src/index.js';

const gate: OperatorGate = {
  kind: 'trust',
  agentId: 'codex',
  text: '\n  Folder access\n  Trust this folder? Codex can read, edit, and run files here.\n',
};

describe('OperatorGate', () => {
  it('round-trips through its wire codec and rejects an unknown kind', () => {
    expect(unwrap(OperatorGateCodec.decode(structuredClone(gate)))).toEqual(gate);
    const error = unwrapErr(OperatorGateCodec.decode({ ...gate, kind: 'dialog' }));
    expect(error.message).toContain('kind');
  });

  it('is described by agent and kind, with its first visible line as headline', () => {
    expect(describeOperatorGate(gate)).toBe('codex workspace trust dialog');
    expect(operatorGateHeadline(gate)).toBe('Folder access');
    expect(operatorGateHeadline({ ...gate, text: '   ' })).toBe('');
  });

  it('words the refusal with the dialog, its question and what to do', () => {
    const message = operatorActionRequiredMessage(gate);
    expect(message).toBe(
      'the codex workspace trust dialog is showing ("Folder access"); input was not typed into it. ' +
        'Answer it with an operator-keys input or in a terminal, then send the input again',
    );
    const error = ControlError.operatorActionRequired(AgentInstanceId.of(7), gate);
    expect(error).toMatchObject({ kind: 'operator-action-required', instanceId: 7, gate });
    expect(error.message).toBe(`agent instance 7: ${message}`);
  });
});
