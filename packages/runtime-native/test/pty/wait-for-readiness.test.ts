import { describe, expect, it } from 'vitest';
import { composerPromptVisible } from '../../src/pty/wait-for-readiness.js';

// Lines from the real screens captured for the agent catalog (claude 2.1.197, codex 0.171.0).
const CLAUDE_READY = '──────\n❯ \n──────\n  ? for shortcuts · ← for agents';
const CLAUDE_TRUST = ' Quick safety check: …\n ❯ 1. Yes, I trust this folder\n   2. No, exit';
const CODEX_READY = '› Ask Codex to do anything\n  ? for shortcuts';
const CODEX_TRUST =
  '  Trust this folder? …\n› 1. Trust and continue\n  2. Back to Agent Command Center';

describe('composerPromptVisible', () => {
  it('sees the composer prompt on a line of its own', () => {
    expect(composerPromptVisible(CLAUDE_READY, ['❯'])).toBe(true);
    expect(composerPromptVisible(CODEX_READY, ['›', '❯'])).toBe(true);
  });

  it('never takes a dialog menu row for the composer', () => {
    expect(composerPromptVisible(CLAUDE_TRUST, ['❯'])).toBe(false);
    expect(composerPromptVisible(CODEX_TRUST, ['›', '❯'])).toBe(false);
    expect(composerPromptVisible('text with ❯ inside', ['❯'])).toBe(false);
  });
});
