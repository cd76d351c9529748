import { TERMINAL_INPUT_CHUNK_MAX_BYTES, TERMINAL_INPUT_MAX_BYTES } from '../constants.js';
import { err, ok, type Result } from '../shared/result.js';
import { isBlank } from '../shared/text.js';
import { boundedChunks, firstControlCharacter } from './bounded-chunks.js';
import type { ShellCommand } from './input-action.js';
import { InputPrepareError } from './input-prepare-error.js';
import { dataWrite, submitWrite } from './prepare-input.js';
import type { PreparedInput } from './prepared-input.js';

/**
 * Prepares a command line for a dispatcher that has just confirmed a shell owns the foreground.
 * Shell syntax is kept; a control character is rejected so one action cannot smuggle extra
 * terminal writes; the submit is a separate delayed write.
 */
export function prepareShellCommand(
  command: ShellCommand,
): Result<PreparedInput, InputPrepareError> {
  if (isBlank(command.text)) return err(InputPrepareError.emptyShellCommand());
  const control = firstControlCharacter(command.text);
  if (control !== null) {
    return err(InputPrepareError.controlCharacterInShellCommand(control.index, control.codepoint));
  }
  const chunks = boundedChunks(
    command.text,
    TERMINAL_INPUT_CHUNK_MAX_BYTES,
    TERMINAL_INPUT_MAX_BYTES,
  );
  if (!chunks.ok) return chunks;
  return ok({ kind: 'shell-command', writes: [...chunks.value.map(dataWrite), submitWrite()] });
}
