// Port of the inline tests of gate4agent-types src/input.rs.
import { describe, expect, it } from 'vitest';
import {
  AgentId,
  BRACKETED_PASTE_END,
  InputPrepareError,
  type PromptPayload,
  prepareAgentCommand,
  prepareInput,
  prepareInputWithLimits,
  prepareShellCommand,
  TERMINAL_BYTES_MAX_BYTES,
  TERMINAL_SUBMIT_DELAY_MS,
  TerminalControl,
  unwrap,
  unwrapErr,
} from '../../src/index.js';

const bytes = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));
const utf8 = (data: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(data);

function payload(text: string): PromptPayload {
  return { text, framing: 'bracketed-paste' };
}

describe('input.rs', () => {
  it('draft_and_submit_have_distinct_write_sequences', () => {
    const draft = unwrap(prepareInput({ kind: 'insert-draft', ...payload('hello') }));
    const submit = unwrap(prepareInput({ kind: 'submit-prompt', ...payload('hello') }));
    expect(draft.writes.at(-1)?.bytes).toEqual(BRACKETED_PASTE_END);
    expect(submit.writes.at(-1)?.kind).toBe('submit');
    expect(submit.writes.at(-1)?.bytes).toEqual(bytes('\r'));
    expect(submit.writes.at(-1)?.delayBeforeMs).toBe(TERMINAL_SUBMIT_DELAY_MS);
  });

  it('prompt_controls_are_inert_inside_bracketed_paste', () => {
    const prepared = unwrap(prepareInput({ kind: 'insert-draft', ...payload('a\x1b[31m\0b') }));
    const joined = Uint8Array.from(prepared.writes.flatMap((write) => [...write.bytes]));
    expect(utf8(joined)).toBe('\x1b[200~a<ESC>[31m<U+0000>b\x1b[201~');
  });

  it('chunks_never_split_unicode', () => {
    const prepared = unwrap(
      prepareInputWithLimits({ kind: 'terminal-text', text: 'aЖ🙂b' }, 4, 32),
    );
    const decoded = prepared.writes.map((write) => utf8(write.bytes));
    expect(decoded).toEqual(['aЖ', '🙂', 'b']);
  });

  it('raw_controls_require_the_control_variant', () => {
    const error = unwrapErr(prepareInput({ kind: 'terminal-text', text: 'hello\n' }));
    expect(error.kind).toBe('control-character-in-terminal-text');
  });

  it('terminal_bytes_preserve_one_bounded_sequence_without_framing', () => {
    const sequence = bytes('\x1b[1;5D');
    const prepared = unwrap(prepareInput({ kind: 'terminal-bytes', bytes: sequence.slice() }));
    expect(prepared.kind).toBe('terminal-bytes');
    expect(prepared.writes).toEqual([{ kind: 'control', bytes: sequence, delayBeforeMs: 0 }]);
  });

  it('terminal_bytes_reject_empty_and_oversized_sequences', () => {
    expect(unwrapErr(prepareInput({ kind: 'terminal-bytes', bytes: new Uint8Array() }))).toEqual(
      InputPrepareError.emptyTerminalBytes(),
    );
    expect(
      unwrapErr(
        prepareInput({
          kind: 'terminal-bytes',
          bytes: new Uint8Array(TERMINAL_BYTES_MAX_BYTES + 1),
        }),
      ),
    ).toEqual(
      InputPrepareError.inputTooLarge(TERMINAL_BYTES_MAX_BYTES + 1, TERMINAL_BYTES_MAX_BYTES),
    );
  });

  it('arrow_controls_preserve_terminal_escape_sequences', () => {
    expect(TerminalControl.bytes('arrow-up')).toEqual(bytes('\x1b[A'));
    expect(TerminalControl.bytes('arrow-down')).toEqual(bytes('\x1b[B'));
    expect(TerminalControl.bytes('arrow-right')).toEqual(bytes('\x1b[C'));
    expect(TerminalControl.bytes('arrow-left')).toEqual(bytes('\x1b[D'));
  });

  it('interactive_terminal_controls_preserve_xterm_sequences', () => {
    expect(TerminalControl.bytes('back-tab')).toEqual(bytes('\x1b[Z'));
    expect(TerminalControl.bytes('insert')).toEqual(bytes('\x1b[2~'));
    expect(TerminalControl.bytes('delete')).toEqual(bytes('\x1b[3~'));
    expect(TerminalControl.bytes('home')).toEqual(bytes('\x1b[H'));
    expect(TerminalControl.bytes('end')).toEqual(bytes('\x1b[F'));
    expect(TerminalControl.bytes('page-up')).toEqual(bytes('\x1b[5~'));
    expect(TerminalControl.bytes('page-down')).toEqual(bytes('\x1b[6~'));
    expect(TerminalControl.bytes('function1')).toEqual(bytes('\x1bOP'));
    expect(TerminalControl.bytes('function12')).toEqual(bytes('\x1b[24~'));
    expect(TerminalControl.bytes('control-a')).toEqual(bytes('\x01'));
    expect(TerminalControl.bytes('control-z')).toEqual(bytes('\x1a'));
  });

  it('agent_command_is_target_bound_and_delays_submit', () => {
    const agent = AgentId.of('codex');
    const prepared = unwrap(
      prepareAgentCommand(
        { agentId: agent, name: 'review', arguments: ['focus on PTY ordering'] },
        agent,
      ),
    );
    expect(prepared.writes[0]?.bytes).toEqual(bytes('/review focus on PTY ordering'));
    expect(prepared.writes.at(-1)?.delayBeforeMs).toBe(TERMINAL_SUBMIT_DELAY_MS);
  });

  it('agent_command_rejects_controls_and_foreign_targets', () => {
    const codex = AgentId.of('codex');
    const kimi = AgentId.of('kimi');
    const foreign = unwrapErr(
      prepareAgentCommand({ agentId: codex, name: 'help', arguments: [] }, kimi),
    );
    expect(foreign.kind).toBe('agent-target-mismatch');

    const control = unwrapErr(
      prepareAgentCommand({ agentId: codex, name: 'rename', arguments: ['unsafe\rsubmit'] }, codex),
    );
    expect(control.kind).toBe('invalid-agent-command-argument');
  });

  it('shell_command_preserves_syntax_and_submits_separately', () => {
    const prepared = unwrap(
      prepareShellCommand({ text: `printf '%s' "hello world" | sed 's/world/shell/'` }),
    );

    expect(prepared.kind).toBe('shell-command');
    expect(prepared.writes[0]?.bytes).toEqual(
      bytes(`printf '%s' "hello world" | sed 's/world/shell/'`),
    );
    expect(prepared.writes.at(-1)?.bytes).toEqual(bytes('\r'));
    expect(prepared.writes.at(-1)?.delayBeforeMs).toBe(TERMINAL_SUBMIT_DELAY_MS);
  });

  it('shell_command_rejects_empty_and_control_bearing_text', () => {
    expect(unwrapErr(prepareShellCommand({ text: '   ' }))).toEqual(
      InputPrepareError.emptyShellCommand(),
    );
    expect(unwrapErr(prepareShellCommand({ text: 'echo first\necho second' }))).toMatchObject({
      kind: 'control-character-in-shell-command',
      index: 10,
      codepoint: 10,
    });
  });
});
