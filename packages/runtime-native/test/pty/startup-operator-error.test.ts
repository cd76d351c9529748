import { describe, expect, it } from 'vitest';
import { startupOperatorError } from '../../src/pty/startup-operator-error.js';

describe('startupOperatorError', () => {
  it('words the spawn failure as upstream does', () => {
    expect(startupOperatorError('claude', 'authentication')).toBe(
      "agent 'claude' requires operator action at startup (authentication); initial prompt was not submitted",
    );
  });
});
