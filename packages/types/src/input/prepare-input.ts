import {
  BRACKETED_PASTE_END,
  BRACKETED_PASTE_START,
  SEMANTIC_PROMPT_MAX_BYTES,
  TERMINAL_BYTES_MAX_BYTES,
  TERMINAL_INPUT_CHUNK_MAX_BYTES,
  TERMINAL_INPUT_MAX_BYTES,
  TERMINAL_SUBMIT_DELAY_MS,
} from '../constants.js';
import { Gate4AgentError } from '../shared/gate4agent-error.js';
import { err, ok, type Result } from '../shared/result.js';
import { utf8ByteLength } from '../shared/text.js';
import { boundedChunks, firstControlCharacter } from './bounded-chunks.js';
import type { InputAction, PromptPayload } from './input-action.js';
import { InputPrepareError } from './input-prepare-error.js';
import type { PreparedInput, PreparedWrite } from './prepared-input.js';
import { sanitizePromptText } from './sanitize-prompt-text.js';
import { TerminalControl } from './terminal-control.js';

type Prepared = Result<PreparedInput, InputPrepareError>;

/** A data write with no delay. */
export function dataWrite(bytes: Uint8Array): PreparedWrite {
  return { kind: 'data', bytes, delayBeforeMs: 0 };
}

/** The submit write: `\r`, `TERMINAL_SUBMIT_DELAY_MS` after the previous write. */
export function submitWrite(): PreparedWrite {
  return {
    kind: 'submit',
    bytes: TerminalControl.bytes('enter'),
    delayBeforeMs: TERMINAL_SUBMIT_DELAY_MS,
  };
}

function preparePrompt(
  payload: PromptPayload,
  submit: boolean,
  maxChunk: number,
  maxTotal: number,
): Prepared {
  const rawBytes = utf8ByteLength(payload.text);
  if (rawBytes > maxTotal) return err(InputPrepareError.inputTooLarge(rawBytes, maxTotal));
  const chunks = boundedChunks(sanitizePromptText(payload.text), maxChunk, maxTotal);
  if (!chunks.ok) return chunks;
  const bracketed = payload.framing === 'bracketed-paste';
  const writes: PreparedWrite[] = [];
  if (bracketed) {
    writes.push({ kind: 'framing', bytes: BRACKETED_PASTE_START.slice(), delayBeforeMs: 0 });
  }
  writes.push(...chunks.value.map(dataWrite));
  if (bracketed) {
    writes.push({ kind: 'framing', bytes: BRACKETED_PASTE_END.slice(), delayBeforeMs: 0 });
  }
  if (submit) writes.push(submitWrite());
  return ok({ kind: submit ? 'submit-prompt' : 'insert-draft', writes });
}

function assertLimit(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Gate4AgentError(
      'invalid-argument',
      `${name} must be a non-negative safe integer; got ${String(value)}`,
    );
  }
}

/**
 * Turns `action` into bounded writes of at most `maxChunk` bytes and `maxTotal` bytes in all,
 * without touching a PTY. Prompts are sanitised (controls made inert) and framed; terminal text
 * must hold no control character; terminal bytes are one unframed write of at most
 * `min(TERMINAL_BYTES_MAX_BYTES, maxChunk, maxTotal)` bytes, and so are operator keys (their
 * UTF-8 encoding, written as-is). Agent and shell commands need a
 * foreground dispatcher ({@link prepareAgentCommand}, {@link prepareShellCommand}).
 */
export function prepareInputWithLimits(
  action: InputAction,
  maxChunk: number,
  maxTotal: number,
): Prepared {
  assertLimit('maxChunk', maxChunk);
  assertLimit('maxTotal', maxTotal);
  if (maxChunk === 0) return err(InputPrepareError.zeroChunkLimit());
  switch (action.kind) {
    case 'insert-draft':
      return preparePrompt(action, false, maxChunk, maxTotal);
    case 'submit-prompt':
      return preparePrompt(action, true, maxChunk, maxTotal);
    case 'terminal-text': {
      const control = firstControlCharacter(action.text);
      if (control !== null) {
        return err(
          InputPrepareError.controlCharacterInTerminalText(control.index, control.codepoint),
        );
      }
      const chunks = boundedChunks(action.text, maxChunk, maxTotal);
      return chunks.ok
        ? ok({ kind: 'terminal-text', writes: chunks.value.map(dataWrite) })
        : chunks;
    }
    case 'terminal-bytes': {
      if (action.bytes.length === 0) return err(InputPrepareError.emptyTerminalBytes());
      const max = Math.min(TERMINAL_BYTES_MAX_BYTES, maxChunk, maxTotal);
      if (action.bytes.length > max) {
        return err(InputPrepareError.inputTooLarge(action.bytes.length, max));
      }
      return ok({
        kind: 'terminal-bytes',
        writes: [{ kind: 'control', bytes: action.bytes.slice(), delayBeforeMs: 0 }],
      });
    }
    case 'terminal-control':
      return ok({
        kind: 'terminal-control',
        writes: [
          { kind: 'control', bytes: TerminalControl.bytes(action.control), delayBeforeMs: 0 },
        ],
      });
    case 'operator-keys': {
      const bytes = new TextEncoder().encode(action.keys);
      if (bytes.length === 0) return err(InputPrepareError.emptyTerminalBytes());
      const max = Math.min(TERMINAL_BYTES_MAX_BYTES, maxChunk, maxTotal);
      if (bytes.length > max) return err(InputPrepareError.inputTooLarge(bytes.length, max));
      return ok({ kind: 'operator-keys', writes: [{ kind: 'control', bytes, delayBeforeMs: 0 }] });
    }
    case 'agent-command':
      return err(InputPrepareError.agentDispatcherRequired());
    case 'shell-command':
      return err(InputPrepareError.shellDispatcherRequired());
  }
}

/** {@link prepareInputWithLimits} with `TERMINAL_INPUT_CHUNK_MAX_BYTES` and `TERMINAL_INPUT_MAX_BYTES`. */
export function prepareInput(action: InputAction): Prepared {
  return prepareInputWithLimits(action, TERMINAL_INPUT_CHUNK_MAX_BYTES, TERMINAL_INPUT_MAX_BYTES);
}

/**
 * Checks and neutralises a semantic prompt (for example `StartRequest.initialPrompt`) before it
 * crosses a process boundary: at most `SEMANTIC_PROMPT_MAX_BYTES`, controls made inert, no framing.
 */
export function normalizeSemanticPrompt(text: string): Result<string, InputPrepareError> {
  const bytes = utf8ByteLength(text);
  if (bytes > SEMANTIC_PROMPT_MAX_BYTES) {
    return err(InputPrepareError.inputTooLarge(bytes, SEMANTIC_PROMPT_MAX_BYTES));
  }
  return ok(sanitizePromptText(text));
}
