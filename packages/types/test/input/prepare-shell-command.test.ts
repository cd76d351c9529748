import { describe, expect, it } from 'vitest';
import {
  InputPrepareError,
  prepareShellCommand,
  TERMINAL_SUBMIT_DELAY_MS,
  unwrap,
  unwrapErr,
} from '../../src/index.js';

describe('prepareShellCommand', () => {
  it('rejects blank text with the Rust whitespace set', () => {
    for (const blank of ['', ' ', '\u3000', '\u0085']) {
      expect(unwrapErr(prepareShellCommand({ text: blank }))).toEqual(
        InputPrepareError.emptyShellCommand(),
      );
    }
  });

  it('reports the byte offset of the first control character', () => {
    expect(unwrapErr(prepareShellCommand({ text: 'éé\u0007' }))).toEqual(
      InputPrepareError.controlCharacterInShellCommand(4, 7),
    );
    expect(unwrapErr(prepareShellCommand({ text: 'a\u007f' })).message).toBe(
      'shell command contains control U+007F at byte 1; remove it',
    );
  });

  it('submits with a separate delayed carriage return', () => {
    const prepared = unwrap(prepareShellCommand({ text: 'ls -la' }));
    expect(prepared.writes.map((write) => [write.kind, write.delayBeforeMs])).toEqual([
      ['data', 0],
      ['submit', TERMINAL_SUBMIT_DELAY_MS],
    ]);
  });
});
