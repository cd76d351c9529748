import { describe, expect, it } from 'vitest';
import { startupOperatorGate } from '../src/startup-operator-gate.js';

describe('startupOperatorGate', () => {
  it('classifies operator prompts across wrapping and case', () => {
    expect(startupOperatorGate('Do you\n  TRUST this   folder?')).toBe('workspace trust');
    expect(startupOperatorGate('No auth type is selected')).toBe('authentication');
    expect(startupOperatorGate('Sign in with ChatGPT')).toBe('authentication');
    expect(startupOperatorGate('Choose the text style that looks best with your terminal')).toBe(
      'terminal appearance setup',
    );
    expect(startupOperatorGate('Welcome to Claude Code! Press Enter to continue')).toBe(
      'Claude onboarding',
    );
    expect(startupOperatorGate('config migration: Enter confirm, Esc cancel')).toBe(
      'configuration migration',
    );
  });

  it('ignores ordinary screens', () => {
    expect(startupOperatorGate('fixture-ready>')).toBeNull();
    expect(startupOperatorGate('sign in later')).toBeNull();
  });
});
