import { describe, expect, it } from 'vitest';
import { parseDemoArgs, USAGE } from '../src/cli-args.js';

describe('parseDemoArgs', () => {
  it('runs the fixture agent without arguments (and after a bare --)', () => {
    expect(parseDemoArgs([])).toEqual({ kind: 'run', agent: null, web: false });
    expect(parseDemoArgs(['--'])).toEqual({ kind: 'run', agent: null, web: false });
  });

  it('takes --agent <id> and --agent=<id>', () => {
    expect(parseDemoArgs(['--agent', 'claude-code'])).toEqual({
      kind: 'run',
      agent: 'claude-code',
      web: false,
    });
    expect(parseDemoArgs(['--', '--agent=codex'])).toEqual({
      kind: 'run',
      agent: 'codex',
      web: false,
    });
  });

  it('takes --web, which runs the fixture agent only', () => {
    expect(parseDemoArgs(['--', '--web'])).toEqual({ kind: 'run', agent: null, web: true });
    expect(parseDemoArgs(['--web', '--agent', 'codex'])).toEqual({
      kind: 'invalid',
      message: '--web runs the embedded fixture agent; leave out --agent',
    });
    expect(USAGE).toContain('--web');
  });

  it('--help and -h win over everything else', () => {
    expect(parseDemoArgs(['--agent', 'codex', '--help'])).toEqual({ kind: 'help' });
    expect(parseDemoArgs(['-h'])).toEqual({ kind: 'help' });
    expect(USAGE).toContain('--agent <id>');
  });

  it('rejects a missing agent id and unknown arguments', () => {
    expect(parseDemoArgs(['--agent'])).toEqual({
      kind: 'invalid',
      message: '--agent needs an agent id (see --help)',
    });
    expect(parseDemoArgs(['--agent', '--help'])).toEqual({
      kind: 'invalid',
      message: '--agent needs an agent id (see --help)',
    });
    expect(parseDemoArgs(['--agent='])).toMatchObject({ kind: 'invalid' });
    expect(parseDemoArgs(['codex'])).toEqual({
      kind: 'invalid',
      message: 'unknown argument "codex" (see --help)',
    });
  });
});
