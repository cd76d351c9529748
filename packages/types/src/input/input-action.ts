import Type, { type StaticDecode } from 'typebox';
import { AgentIdSchema } from '../id/agent-id.js';
import { BytesSchema, createWireCodec } from '../shared/schema.js';
import { TerminalControlSchema } from './terminal-control.js';

/** TypeBox schema of {@link PromptFraming}. */
export const PromptFramingSchema = Type.Enum(['bracketed-paste', 'literal']);

/** Whether prompt text is wrapped in bracketed-paste markers. */
export type PromptFraming = StaticDecode<typeof PromptFramingSchema>;

const promptFields = { text: Type.String(), framing: PromptFramingSchema };
const agentCommandFields = {
  agentId: AgentIdSchema,
  name: Type.String(),
  arguments: Type.Array(Type.String()),
};

/** TypeBox schema of {@link PromptPayload}. */
export const PromptPayloadSchema = Type.Object(promptFields);
/** Prompt text and its framing. */
export type PromptPayload = StaticDecode<typeof PromptPayloadSchema>;

/** TypeBox schema of {@link AgentCommand}. */
export const AgentCommandSchema = Type.Object(agentCommandFields);
/** A provider-native slash command (`/name arg …`) for one agent. */
export type AgentCommand = StaticDecode<typeof AgentCommandSchema>;

/** TypeBox schema of {@link ShellCommand}. */
export const ShellCommandSchema = Type.Object({ text: Type.String() });
/** A command line for a shell that owns the PTY foreground. */
export type ShellCommand = StaticDecode<typeof ShellCommandSchema>;

/** TypeBox schema of {@link TerminalText}. */
export const TerminalTextSchema = Type.Object({ text: Type.String() });
/** Literal terminal text with no control character. */
export type TerminalText = StaticDecode<typeof TerminalTextSchema>;

/**
 * TypeBox schema of {@link InputAction}. Rust's newtype variants are flattened next to `kind`
 * (as serde's internally tagged form would): `{ kind: 'submit-prompt', text, framing }`.
 */
export const InputActionSchema = Type.Union([
  Type.Object({ kind: Type.Literal('insert-draft'), ...promptFields }),
  Type.Object({ kind: Type.Literal('submit-prompt'), ...promptFields }),
  Type.Object({ kind: Type.Literal('agent-command'), ...agentCommandFields }),
  Type.Object({ kind: Type.Literal('shell-command'), text: Type.String() }),
  Type.Object({ kind: Type.Literal('terminal-text'), text: Type.String() }),
  Type.Object({ kind: Type.Literal('terminal-bytes'), bytes: BytesSchema }),
  Type.Object({ kind: Type.Literal('terminal-control'), control: TerminalControlSchema }),
  Type.Object({ kind: Type.Literal('operator-keys'), keys: Type.String() }),
]);

/**
 * What a client asks to type into a session; {@link prepareInput} turns it into bounded writes.
 * `operator-keys` are raw keys written as-is (`'1'`, `'\r'`, `'\u001b'`), meant only for
 * answering an operator gate (trust, login, … dialog) on a person's behalf; they are the one
 * input besides raw terminal input that is accepted while a gate shows.
 */
export type InputAction = StaticDecode<typeof InputActionSchema>;

/** Compiled decoder of {@link InputAction}. */
export const InputActionCodec = createWireCodec('InputAction', InputActionSchema);
