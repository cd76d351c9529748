import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/cli-args.js';

describe('parseCliArgs', () => {
  it('runs the full suite three times by default', () => {
    expect(parseCliArgs([])).toEqual({ kind: 'run', size: 'full', runs: 3, only: [], out: null });
  });

  it('runs once with --quick, and takes --only as a comma list', () => {
    expect(parseCliArgs(['--', '--quick', '--only', 'revoke-p99,idle-cpu'])).toEqual({
      kind: 'run',
      size: 'quick',
      runs: 1,
      only: ['revoke-p99', 'idle-cpu'],
      out: null,
    });
  });

  it('refuses a bad run count or an unknown flag with the reason', () => {
    expect(parseCliArgs(['--runs', '0'])).toMatchObject({
      kind: 'invalid',
      message: expect.stringMatching(/--runs must be a whole number from 1 to 50; got "0"/),
    });
    expect(parseCliArgs(['--fast'])).toMatchObject({ kind: 'invalid' });
    expect(parseCliArgs(['--quick', '--smoke'])).toMatchObject({ kind: 'invalid' });
  });
});
