import Type, { type Static } from 'typebox';
import { type AgentId, AgentIdSchema } from '../id/agent-id.js';

const hex = (codepoint: number) => codepoint.toString(16).toUpperCase().padStart(4, '0');
const message = Type.String();
const count = Type.Integer({ minimum: 0 });

/** TypeBox schema of {@link InputPrepareError}. */
export const InputPrepareErrorSchema = Type.Union([
  Type.Object({ kind: Type.Literal('zero-chunk-limit'), message }),
  Type.Object({ kind: Type.Literal('input-too-large'), bytes: count, max: count, message }),
  Type.Object({ kind: Type.Literal('chunk-limit-too-small'), bytes: count, max: count, message }),
  Type.Object({ kind: Type.Literal('empty-terminal-bytes'), message }),
  Type.Object({
    kind: Type.Literal('control-character-in-terminal-text'),
    index: count,
    codepoint: count,
    message,
  }),
  Type.Object({ kind: Type.Literal('agent-dispatcher-required'), message }),
  Type.Object({
    kind: Type.Literal('agent-target-mismatch'),
    commandAgent: AgentIdSchema,
    targetAgent: AgentIdSchema,
    message,
  }),
  Type.Object({ kind: Type.Literal('invalid-agent-command-name'), name: Type.String(), message }),
  Type.Object({
    kind: Type.Literal('invalid-agent-command-argument'),
    argumentIndex: count,
    message,
  }),
  Type.Object({ kind: Type.Literal('shell-dispatcher-required'), message }),
  Type.Object({ kind: Type.Literal('empty-shell-command'), message }),
  Type.Object({
    kind: Type.Literal('control-character-in-shell-command'),
    index: count,
    codepoint: count,
    message,
  }),
]);

/** Why an input action could not be turned into PTY writes. */
export type InputPrepareError = Static<typeof InputPrepareErrorSchema>;

/** One factory per {@link InputPrepareError} variant, with the upstream wording. */
export const InputPrepareError = {
  zeroChunkLimit: (): InputPrepareError => ({
    kind: 'zero-chunk-limit',
    message: 'terminal input chunk limit is zero; pass a positive limit',
  }),
  inputTooLarge: (bytes: number, max: number): InputPrepareError => ({
    kind: 'input-too-large',
    bytes,
    max,
    message: `input is ${bytes} bytes, over the configured limit of ${max} bytes; send it in smaller parts`,
  }),
  chunkLimitTooSmall: (bytes: number, max: number): InputPrepareError => ({
    kind: 'chunk-limit-too-small',
    bytes,
    max,
    message: `a ${bytes}-byte UTF-8 code point does not fit the ${max}-byte chunk limit; raise the chunk limit to at least ${bytes}`,
  }),
  emptyTerminalBytes: (): InputPrepareError => ({
    kind: 'empty-terminal-bytes',
    message: 'terminal byte sequence is empty; pass at least one byte',
  }),
  controlCharacterInTerminalText: (index: number, codepoint: number): InputPrepareError => ({
    kind: 'control-character-in-terminal-text',
    index,
    codepoint,
    message: `terminal text contains control U+${hex(codepoint)} at byte ${index}; send it as a terminal-control input instead`,
  }),
  agentDispatcherRequired: (): InputPrepareError => ({
    kind: 'agent-dispatcher-required',
    message:
      'agent commands need a provider-specific capability dispatcher; use an agent whose adapter provides one',
  }),
  agentTargetMismatch: (commandAgent: AgentId, targetAgent: AgentId): InputPrepareError => ({
    kind: 'agent-target-mismatch',
    commandAgent,
    targetAgent,
    message: `agent command targets '${commandAgent}', but the foreground dispatcher selected '${targetAgent}'; send it to a '${commandAgent}' session`,
  }),
  invalidAgentCommandName: (name: string): InputPrepareError => ({
    kind: 'invalid-agent-command-name',
    name,
    message: `agent command name '${name}' is invalid; use a name the agent lists`,
  }),
  invalidAgentCommandArgument: (argumentIndex: number): InputPrepareError => ({
    kind: 'invalid-agent-command-argument',
    argumentIndex,
    message: `agent command argument ${argumentIndex} is empty or contains terminal controls; remove the controls or the argument`,
  }),
  shellDispatcherRequired: (): InputPrepareError => ({
    kind: 'shell-dispatcher-required',
    message:
      'shell commands need a confirmed foreground shell; wait until the shell is in the foreground',
  }),
  emptyShellCommand: (): InputPrepareError => ({
    kind: 'empty-shell-command',
    message: 'shell command is empty; pass a command',
  }),
  controlCharacterInShellCommand: (index: number, codepoint: number): InputPrepareError => ({
    kind: 'control-character-in-shell-command',
    index,
    codepoint,
    message: `shell command contains control U+${hex(codepoint)} at byte ${index}; remove it`,
  }),
};

/** @deprecated use {@link InputPrepareError} (one error-factory naming, CONTRIBUTING.md). */
export const inputPrepareError = InputPrepareError;
