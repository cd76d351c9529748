import { TERMINAL_INPUT_CHUNK_MAX_BYTES, TERMINAL_INPUT_MAX_BYTES } from '../constants.js';
import type { AgentId } from '../id/agent-id.js';
import { err, ok, type Result } from '../shared/result.js';
import { hasControlChar, utf8ByteLength } from '../shared/text.js';
import { boundedChunks } from './bounded-chunks.js';
import type { AgentCommand } from './input-action.js';
import { InputPrepareError } from './input-prepare-error.js';
import { dataWrite, submitWrite } from './prepare-input.js';
import type { PreparedInput } from './prepared-input.js';

const COMMAND_NAME = /^[a-z0-9_-]+$/;
const COMMAND_NAME_MAX_BYTES = 128;

/**
 * Prepares a provider-native slash command once a dispatcher has confirmed `targetAgent` owns the
 * foreground: `/name arg …` as data writes, then a delayed submit. Arguments are TUI text, not
 * shell words, and may hold no control character.
 */
export function prepareAgentCommand(
  command: AgentCommand,
  targetAgent: AgentId,
): Result<PreparedInput, InputPrepareError> {
  if (command.agentId !== targetAgent) {
    return err(InputPrepareError.agentTargetMismatch(command.agentId, targetAgent));
  }
  if (utf8ByteLength(command.name) > COMMAND_NAME_MAX_BYTES || !COMMAND_NAME.test(command.name)) {
    return err(InputPrepareError.invalidAgentCommandName(command.name));
  }
  let text = `/${command.name}`;
  for (const [argumentIndex, argument] of command.arguments.entries()) {
    if (argument.length === 0 || hasControlChar(argument)) {
      return err(InputPrepareError.invalidAgentCommandArgument(argumentIndex));
    }
    text += ` ${argument}`;
  }
  const chunks = boundedChunks(text, TERMINAL_INPUT_CHUNK_MAX_BYTES, TERMINAL_INPUT_MAX_BYTES);
  if (!chunks.ok) return chunks;
  return ok({ kind: 'agent-command', writes: [...chunks.value.map(dataWrite), submitWrite()] });
}
