import { describe, expect, it } from 'vitest';
import {
  AgentId,
  BRACKETED_PASTE_END,
  BRACKETED_PASTE_START,
  Gate4AgentError,
  type InputAction,
  InputPrepareError,
  prepareInput,
  prepareInputWithLimits,
  TERMINAL_BYTES_MAX_BYTES,
  TERMINAL_INPUT_CHUNK_MAX_BYTES,
  TERMINAL_INPUT_MAX_BYTES,
  TERMINAL_SUBMIT_DELAY_MS,
  unwrap,
  unwrapErr,
} from '../../src/index.js';

const text = (data: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(data);

describe('prepareInputWithLimits', () => {
  it('rejects a zero chunk limit before anything else', () => {
    const actions: InputAction[] = [
      { kind: 'terminal-bytes', bytes: new Uint8Array() },
      { kind: 'agent-command', agentId: AgentId.of('a'), name: 'x', arguments: [] },
      { kind: 'terminal-control', control: 'enter' },
    ];
    for (const action of actions) {
      expect(unwrapErr(prepareInputWithLimits(action, 0, 10))).toEqual(
        InputPrepareError.zeroChunkLimit(),
      );
    }
  });

  it('throws on a limit that is not a non-negative integer (misuse)', () => {
    const action: InputAction = { kind: 'terminal-text', text: 'x' };
    expect(() => prepareInputWithLimits(action, -1, 10)).toThrow(Gate4AgentError);
    expect(() => prepareInputWithLimits(action, 4, 1.5)).toThrow(Gate4AgentError);
  });

  it('frames a bracketed prompt and leaves a literal prompt unframed', () => {
    const bracketed = unwrap(
      prepareInput({ kind: 'insert-draft', text: 'hi', framing: 'bracketed-paste' }),
    );
    expect(bracketed.writes.map((write) => write.kind)).toEqual(['framing', 'data', 'framing']);
    expect(bracketed.writes[0]?.bytes).toEqual(BRACKETED_PASTE_START);
    expect(bracketed.writes[2]?.bytes).toEqual(BRACKETED_PASTE_END);
    const literal = unwrap(prepareInput({ kind: 'submit-prompt', text: 'hi', framing: 'literal' }));
    expect(literal.kind).toBe('submit-prompt');
    expect(literal.writes.map((write) => [write.kind, write.delayBeforeMs])).toEqual([
      ['data', 0],
      ['submit', TERMINAL_SUBMIT_DELAY_MS],
    ]);
  });

  it('gives framing without data for an empty bracketed prompt', () => {
    const empty = unwrap(
      prepareInput({ kind: 'insert-draft', text: '', framing: 'bracketed-paste' }),
    );
    expect(empty.writes.map((write) => write.kind)).toEqual(['framing', 'framing']);
  });

  it('checks the raw prompt size, then the sanitised size', () => {
    expect(
      unwrapErr(
        prepareInputWithLimits({ kind: 'insert-draft', text: 'abcde', framing: 'literal' }, 8, 4),
      ),
    ).toEqual(InputPrepareError.inputTooLarge(5, 4));
    expect(
      unwrap(
        prepareInputWithLimits({ kind: 'insert-draft', text: 'abcd', framing: 'literal' }, 8, 4),
      ).writes,
    ).toHaveLength(1);
    // One ESC (1 byte) becomes `<ESC>` (5 bytes): the sanitised text no longer fits.
    expect(
      unwrapErr(
        prepareInputWithLimits({ kind: 'insert-draft', text: '\x1b', framing: 'literal' }, 8, 4),
      ),
    ).toEqual(InputPrepareError.inputTooLarge(5, 4));
  });

  it('splits a large multi-byte prompt into 16 KiB writes that reassemble exactly', () => {
    const prompt = 'жx🙂'.repeat(5_000);
    const prepared = unwrap(
      prepareInput({ kind: 'insert-draft', text: prompt, framing: 'literal' }),
    );
    for (const write of prepared.writes) {
      expect(write.bytes.length).toBeLessThanOrEqual(TERMINAL_INPUT_CHUNK_MAX_BYTES);
    }
    expect(prepared.writes.map((write) => text(write.bytes)).join('')).toBe(prompt);
  });

  it('bounds the whole prepared input by TERMINAL_INPUT_MAX_BYTES', () => {
    const atLimit = 'a'.repeat(TERMINAL_INPUT_MAX_BYTES);
    expect(unwrap(prepareInput({ kind: 'terminal-text', text: atLimit })).writes).toHaveLength(
      TERMINAL_INPUT_MAX_BYTES / TERMINAL_INPUT_CHUNK_MAX_BYTES,
    );
    expect(unwrapErr(prepareInput({ kind: 'terminal-text', text: `${atLimit}a` }))).toEqual(
      InputPrepareError.inputTooLarge(TERMINAL_INPUT_MAX_BYTES + 1, TERMINAL_INPUT_MAX_BYTES),
    );
  });

  it('writes nothing for empty terminal text and rejects any control with its byte offset', () => {
    expect(unwrap(prepareInput({ kind: 'terminal-text', text: '' })).writes).toEqual([]);
    expect(unwrapErr(prepareInput({ kind: 'terminal-text', text: 'жa\u0085' }))).toEqual(
      InputPrepareError.controlCharacterInTerminalText(3, 0x85),
    );
    expect(unwrapErr(prepareInput({ kind: 'terminal-text', text: '\t' })).message).toBe(
      'terminal text contains control U+0009 at byte 0; send it as a terminal-control input instead',
    );
  });

  it('limits terminal bytes to min(64, chunk, total) and copies them', () => {
    const atLimit = new Uint8Array(TERMINAL_BYTES_MAX_BYTES).fill(0x1b);
    const prepared = unwrap(prepareInput({ kind: 'terminal-bytes', bytes: atLimit }));
    expect(prepared.writes[0]?.bytes).toEqual(atLimit);
    atLimit[0] = 0;
    expect(prepared.writes[0]?.bytes[0]).toBe(0x1b);
    expect(
      unwrapErr(
        prepareInputWithLimits({ kind: 'terminal-bytes', bytes: new Uint8Array(9) }, 8, 100),
      ),
    ).toEqual(InputPrepareError.inputTooLarge(9, 8));
    expect(
      unwrapErr(prepareInputWithLimits({ kind: 'terminal-bytes', bytes: new Uint8Array(6) }, 8, 5)),
    ).toEqual(InputPrepareError.inputTooLarge(6, 5));
  });

  it('sends a terminal control as one control write', () => {
    const prepared = unwrap(prepareInput({ kind: 'terminal-control', control: 'interrupt' }));
    expect(prepared).toEqual({
      kind: 'terminal-control',
      writes: [{ kind: 'control', bytes: Uint8Array.of(3), delayBeforeMs: 0 }],
    });
  });

  it('needs a dispatcher for agent and shell commands', () => {
    expect(
      unwrapErr(
        prepareInput({
          kind: 'agent-command',
          agentId: AgentId.of('a'),
          name: 'x',
          arguments: [],
        }),
      ),
    ).toEqual(InputPrepareError.agentDispatcherRequired());
    expect(unwrapErr(prepareInput({ kind: 'shell-command', text: 'ls' }))).toEqual(
      InputPrepareError.shellDispatcherRequired(),
    );
  });

  it('does not share framing bytes between prepared inputs', () => {
    const first = unwrap(
      prepareInput({ kind: 'insert-draft', text: 'a', framing: 'bracketed-paste' }),
    );
    first.writes[0]?.bytes.fill(0);
    const second = unwrap(
      prepareInput({ kind: 'insert-draft', text: 'a', framing: 'bracketed-paste' }),
    );
    expect(second.writes[0]?.bytes).toEqual(BRACKETED_PASTE_START);
    expect(BRACKETED_PASTE_START).toEqual(Uint8Array.of(0x1b, 0x5b, 0x32, 0x30, 0x30, 0x7e));
  });
});

describe('operator keys', () => {
  it('are one raw write of their UTF-8 bytes, escapes and carriage returns included', () => {
    const prepared = unwrap(prepareInput({ kind: 'operator-keys', keys: '1\r\u001b[B' }));
    expect(prepared.kind).toBe('operator-keys');
    expect(prepared.writes).toEqual([
      { kind: 'control', bytes: new TextEncoder().encode('1\r\u001b[B'), delayBeforeMs: 0 },
    ]);
  });

  it('are refused when empty or larger than the terminal byte limit', () => {
    expect(unwrapErr(prepareInput({ kind: 'operator-keys', keys: '' }))).toEqual(
      InputPrepareError.emptyTerminalBytes(),
    );
    const keys = 'x'.repeat(TERMINAL_BYTES_MAX_BYTES + 1);
    expect(unwrapErr(prepareInput({ kind: 'operator-keys', keys }))).toEqual(
      InputPrepareError.inputTooLarge(TERMINAL_BYTES_MAX_BYTES + 1, TERMINAL_BYTES_MAX_BYTES),
    );
  });
});
