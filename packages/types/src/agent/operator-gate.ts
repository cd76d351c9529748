import Type, { type Static } from 'typebox';
import { createWireCodec } from '../shared/schema.js';

/** The kinds of operator gate, in the order {@link OperatorGateKindSchema} lists them. */
export const OPERATOR_GATE_KINDS = ['trust', 'login', 'tool-approval', 'update', 'setup'] as const;

/** TypeBox schema of {@link OperatorGateKind}. */
export const OperatorGateKindSchema = Type.Enum(OPERATOR_GATE_KINDS);

/**
 * What an operator gate asks a person to decide: workspace `trust`, a `login` or provider
 * choice, a `tool-approval` for one action, a vendor `update`, or a one-time `setup` (terminal
 * style, onboarding, configuration migration).
 */
export type OperatorGateKind = Static<typeof OperatorGateKindSchema>;

/** TypeBox schema of {@link OperatorGate}. */
export const OperatorGateSchema = Type.Object({
  kind: OperatorGateKindSchema,
  agentId: Type.String(),
  text: Type.String(),
});

/**
 * A dialog on an agent's screen that only a person should answer. `text` is the dialog's visible
 * lines, trimmed. While one shows, semantic input is refused with `operator-action-required`;
 * answer it with an `operator-keys` input or in a terminal.
 */
export type OperatorGate = Static<typeof OperatorGateSchema>;

/** Compiled decoder of {@link OperatorGate}. */
export const OperatorGateCodec = createWireCodec('OperatorGate', OperatorGateSchema);

const GATE_NAMES: Record<OperatorGateKind, string> = {
  trust: 'workspace trust',
  login: 'login',
  'tool-approval': 'tool approval',
  update: 'update',
  setup: 'setup',
};

/** A short human name of the gate: `codex workspace trust dialog`. */
export function describeOperatorGate(gate: OperatorGate): string {
  return `${gate.agentId} ${GATE_NAMES[gate.kind]} dialog`;
}

/** The first line of the gate's text (its question, usually), for one-line messages. */
export function operatorGateHeadline(gate: OperatorGate): string {
  return (
    gate.text
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}

/**
 * The plain-English refusal for semantic input while `gate` shows: which dialog, its question,
 * and how to answer it. Shared by the engine's `operator-action-required` error and the runtime's
 * own refusal, so both read the same.
 */
export function operatorActionRequiredMessage(gate: OperatorGate): string {
  const headline = operatorGateHeadline(gate);
  const question = headline === '' ? '' : ` ("${headline}")`;
  return (
    `the ${describeOperatorGate(gate)} is showing${question}; input was not typed into it. ` +
    'Answer it with an operator-keys input or in a terminal, then send the input again'
  );
}
