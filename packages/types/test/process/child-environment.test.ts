import { describe, expect, it } from 'vitest';
import {
  isPlatformChildEnvironmentKey,
  minimalChildEnvironment,
  UNIX_CHILD_ENV_ALLOWLIST,
  WINDOWS_CHILD_ENV_ALLOWLIST,
} from '../../src/process/child-environment.js';

// The upstream test `platform_allowlist_preserves_the_proven_pty_baseline` stays in
// runtime-native (test/executor/minimal-child-environment.test.ts), pointed at this source.
describe('minimal child environment', () => {
  it('matches Unix names exactly, plus the LC_ prefix', () => {
    for (const key of UNIX_CHILD_ENV_ALLOWLIST) {
      expect(isPlatformChildEnvironmentKey(key, 'linux')).toBe(true);
    }
    expect(isPlatformChildEnvironmentKey('LC_MESSAGES', 'darwin')).toBe(true);
    expect(isPlatformChildEnvironmentKey('LC_', 'linux')).toBe(true);
    expect(isPlatformChildEnvironmentKey('path', 'linux')).toBe(false);
    expect(isPlatformChildEnvironmentKey('lc_all', 'linux')).toBe(false);
    // Exact names, not prefixes: a longer XDG name is not a directory of the allowlist.
    expect(isPlatformChildEnvironmentKey('XDG_CONFIG_HOME_EXTRA', 'linux')).toBe(false);
    expect(isPlatformChildEnvironmentKey('XDG_SESSION_ID', 'linux')).toBe(false);
    expect(isPlatformChildEnvironmentKey('AWS_SECRET_ACCESS_KEY', 'linux')).toBe(false);
    expect(isPlatformChildEnvironmentKey('SSH_AUTH_SOCK', 'darwin')).toBe(false);
    expect(isPlatformChildEnvironmentKey('NODE_OPTIONS', 'linux')).toBe(false);
  });

  it('matches Windows names ASCII case-insensitively and exactly otherwise', () => {
    for (const key of WINDOWS_CHILD_ENV_ALLOWLIST) {
      expect(isPlatformChildEnvironmentKey(key, 'win32')).toBe(true);
      expect(isPlatformChildEnvironmentKey(key.toLowerCase(), 'win32')).toBe(true);
    }
    expect(isPlatformChildEnvironmentKey('Path', 'win32')).toBe(true);
    expect(isPlatformChildEnvironmentKey('ProgramW6432', 'win32')).toBe(true);
    expect(isPlatformChildEnvironmentKey('CommonProgramW6432', 'win32')).toBe(true);
    // Exact names, not prefixes.
    expect(isPlatformChildEnvironmentKey('ProgramFilesSecret', 'win32')).toBe(false);
    expect(isPlatformChildEnvironmentKey('ProgramData', 'win32')).toBe(false);
    expect(isPlatformChildEnvironmentKey('LC_MESSAGES', 'win32')).toBe(false);
    expect(isPlatformChildEnvironmentKey('SHELL', 'win32')).toBe(false);
    // Only ASCII folds: a dotless-i look-alike is not TEMP's lower case.
    expect(isPlatformChildEnvironmentKey('\u0131TEMP', 'win32')).toBe(false);
    expect(isPlatformChildEnvironmentKey('t\u0130mp', 'win32')).toBe(false);
  });

  it('keeps the allowlist, the named variables and the explicit ones, nothing else', () => {
    const inherited = {
      PATH: '/bin',
      LC_ALL: 'C',
      HOME: '/home/a',
      ANTHROPIC_API_KEY: 'secret',
      HTTPS_PROXY: 'http://proxy',
      EXTRA: 'kept',
      UNSET: undefined,
    };
    const env = minimalChildEnvironment({
      inherited,
      platform: 'linux',
      pass: ['EXTRA', 'UNSET', 'MISSING'],
      set: { HOME: '/override', NEW: 'value' },
    });
    expect(env).toEqual({
      PATH: '/bin',
      LC_ALL: 'C',
      HOME: '/override',
      EXTRA: 'kept',
      NEW: 'value',
    });
    expect(inherited.HOME).toBe('/home/a');
  });

  it('selects the list by platform and returns a fresh object', () => {
    const inherited = { Path: 'C:\\bin', SystemRoot: 'C:\\Windows', HOME: '/h', SHELL: '/bin/sh' };
    expect(minimalChildEnvironment({ inherited, platform: 'win32' })).toEqual({
      Path: 'C:\\bin',
      SystemRoot: 'C:\\Windows',
      HOME: '/h',
    });
    expect(minimalChildEnvironment({ inherited, platform: 'linux' })).toEqual({
      HOME: '/h',
      SHELL: '/bin/sh',
    });
    const first = minimalChildEnvironment({ inherited: {}, platform: 'linux' });
    expect(first).toEqual({});
    expect(minimalChildEnvironment({ inherited: {}, platform: 'linux' })).not.toBe(first);
  });
});
