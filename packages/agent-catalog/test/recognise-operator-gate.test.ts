// The recognisers against screens captured from the real CLIs (offline, fresh HOME, 120×40 tmux;
// see the README's "Verified against"), stored under test/fixtures/screens/.
import { readFileSync } from 'node:fs';
import type { OperatorGateKind } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { OPERATOR_GATE_RECOGNISERS } from '../src/operator-gate-recognisers.js';
import {
  OPERATOR_GATE_TEXT_MAX_LINES,
  recogniseOperatorGate,
} from '../src/recognise-operator-gate.js';

const screen = (name: string) =>
  readFileSync(new URL(`./fixtures/screens/${name}.txt`, import.meta.url), 'utf8');

const gates: [string, string, OperatorGateKind, string, string][] = [
  ['claude-trust', 'claude', 'trust', 'Accessing workspace:', 'Enter to confirm · Esc to cancel'],
  [
    'claude-api-key',
    'claude',
    'login',
    'Detected a custom API key in your environment',
    'Enter to confirm · Esc to cancel',
  ],
  [
    'codex-login',
    'codex',
    'login',
    "Welcome to Codex, OpenAI's command-line coding agent",
    'Press enter to continue',
  ],
  ['codex-trust', 'codex', 'trust', 'Folder access', 'enter continue · esc back'],
  ['gemini-trust', 'gemini', 'trust', 'Do you trust the files in this folder?', "3. Don't trust"],
  ['gemini-login', 'gemini', 'login', '? Get started', '(Use Enter to select)'],
  [
    'gemini-login-waiting',
    'gemini',
    'login',
    '⠋ Waiting for authentication... (Press Esc or Ctrl+C to cancel)',
    '⠋ Waiting for authentication... (Press Esc or Ctrl+C to cancel)',
  ],
  ['qwen-login', 'qwen-code', 'login', 'Select Authentication Method', 'Custom Provider'],
];

describe('recogniseOperatorGate', () => {
  it.each(gates)('recognises %s and keeps the dialog lines', (name, agentId, kind, first, last) => {
    const gate = recogniseOperatorGate(agentId, screen(name));
    expect(gate).not.toBeNull();
    expect(gate!.kind).toBe(kind);
    expect(gate!.agentId).toBe(agentId);
    const lines = gate!.text.split('\n');
    expect(lines[0]).toBe(first);
    expect(lines.at(-1)).toBe(last);
    for (const line of lines) {
      expect(line).toBe(line.trim());
      expect(line).not.toBe('');
      expect(line).not.toMatch(/^[│┃╭╰]|[│┃╮╯]$/);
    }
  });

  it('keeps the question of each dialog in its text', () => {
    expect(recogniseOperatorGate('codex', screen('codex-trust'))!.text).toContain(
      'Trust this folder? Codex can read, edit, and run files here',
    );
    expect(recogniseOperatorGate('gemini', screen('gemini-login'))!.text).toContain(
      'How would you like to authenticate for this project?',
    );
    expect(recogniseOperatorGate('claude', screen('claude-trust'))!.text).toContain(
      '❯ 1. Yes, I trust this folder',
    );
  });

  it.each([
    ['claude-ready', 'claude'],
    ['codex-ready', 'codex'],
    ['opencode-ready', 'opencode'],
    ['opencode-prompted', 'opencode'],
    ['claude-offline-exit', 'claude'],
  ])('finds no gate on %s', (name, agentId) => {
    expect(recogniseOperatorGate(agentId, screen(name))).toBeNull();
  });

  it('sees through wrapping and case', () => {
    const wrapped = ' │ Do you trust the files in │\n │ this FOLDER? │\n │ 1. Trust folder │';
    expect(recogniseOperatorGate('gemini', wrapped)?.kind).toBe('trust');
  });

  it('applies an agent dialog only to its agents, and shared wording to all', () => {
    const qwenAuth = screen('qwen-login');
    expect(recogniseOperatorGate('qwen-code', qwenAuth)!.text.split('\n').at(-1)).toBe(
      'Custom Provider',
    );
    // Another agent still gets the shared wording, with the text from the phrase to the end.
    const shared = recogniseOperatorGate('kimi', qwenAuth)!;
    expect(shared.kind).toBe('login');
    expect(shared.text.split('\n')[0]).toBe('Select Authentication Method');
  });

  it('recognises tool-approval and update wording not captured live', () => {
    expect(
      recogniseOperatorGate(
        'claude',
        'Bash command\n\n Do you want to proceed?\n ❯ 1. Yes\n   2. No',
      )?.kind,
    ).toBe('tool-approval');
    expect(
      recogniseOperatorGate('codex', 'Would you like to run the following command?\n$ ls')?.kind,
    ).toBe('tool-approval');
    expect(recogniseOperatorGate('gemini', 'Allow execution of: ls?\n● 1. Allow once')?.kind).toBe(
      'tool-approval',
    );
    expect(
      recogniseOperatorGate('opencode', 'Permission required\nAllow once  Allow always  Reject')
        ?.kind,
    ).toBe('tool-approval');
    expect(
      recogniseOperatorGate('codex', '✨ Update available! 0.171.0 -> 0.172.0\n› 1. Update now')
        ?.kind,
    ).toBe('update');
  });

  it('leaves shared wording out once asked, keeping each agent its own dialogs', () => {
    const echoed = 'fixture-echo:No auth type is selected';
    expect(recogniseOperatorGate('control-fixture', echoed)?.kind).toBe('login');
    expect(recogniseOperatorGate('control-fixture', echoed, { sharedWording: false })).toBeNull();
    expect(
      recogniseOperatorGate('codex', screen('codex-trust'), { sharedWording: false })?.kind,
    ).toBe('trust');
  });

  it('bounds the text and ignores a blank screen', () => {
    const long = `Do you trust this folder?\n${'line\n'.repeat(100)}`;
    expect(recogniseOperatorGate('gemini', long)!.text.split('\n')).toHaveLength(
      OPERATOR_GATE_TEXT_MAX_LINES,
    );
    expect(recogniseOperatorGate('claude', '   \n  ')).toBeNull();
  });

  it('marks which wording was captured from a real CLI', () => {
    const verified = OPERATOR_GATE_RECOGNISERS.filter((r) => r.verifiedWith !== null);
    expect(verified.map((r) => `${r.kind}:${r.verifiedWith}`)).toEqual([
      'trust:2.1.197',
      'login:2.1.197',
      'login:0.171.0',
      'trust:0.171.0',
      'trust:0.61.0',
      'login:0.61.0',
      'login:0.61.0',
      'login:0.15.10',
    ]);
  });
});
