// The allowlists live in @gate4agent/types (process/child-environment); runtime-native re-exports
// them with the process-bound `platformMinimalChildEnvironment`.
import { UNIX_CHILD_ENV_ALLOWLIST, WINDOWS_CHILD_ENV_ALLOWLIST } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  isPlatformChildEnvironmentKey,
  platformMinimalChildEnvironment,
} from '../../src/executor/minimal-child-environment.js';

describe('minimal child environment', () => {
  it('platform_allowlist_preserves_the_proven_pty_baseline', () => {
    expect(WINDOWS_CHILD_ENV_ALLOWLIST).toEqual([
      'SystemDrive',
      'SystemRoot',
      'WINDIR',
      'ComSpec',
      'PATHEXT',
      'PATH',
      'HOME',
      'USERPROFILE',
      'APPDATA',
      'LOCALAPPDATA',
      'TEMP',
      'TMP',
      'ProgramFiles',
      'ProgramFiles(x86)',
      'ProgramW6432',
      'CommonProgramFiles',
      'CommonProgramFiles(x86)',
      'CommonProgramW6432',
      'PSModulePath',
    ]);
    expect(UNIX_CHILD_ENV_ALLOWLIST).toEqual([
      'PATH',
      'HOME',
      'USER',
      'LOGNAME',
      'SHELL',
      'TMPDIR',
      'LANG',
      'XDG_CONFIG_HOME',
      'XDG_CACHE_HOME',
      'XDG_DATA_HOME',
      'XDG_RUNTIME_DIR',
    ]);
    expect(isPlatformChildEnvironmentKey('LC_MESSAGES', 'linux')).toBe(true);
  });

  it('matches Unix keys exactly and Windows keys case-insensitively', () => {
    expect(isPlatformChildEnvironmentKey('path', 'linux')).toBe(false);
    expect(isPlatformChildEnvironmentKey('path', 'win32')).toBe(true);
    expect(isPlatformChildEnvironmentKey('LC_MESSAGES', 'win32')).toBe(false);
    expect(isPlatformChildEnvironmentKey('AWS_SECRET_ACCESS_KEY', 'linux')).toBe(false);
    expect(isPlatformChildEnvironmentKey('SSH_AUTH_SOCK', 'darwin')).toBe(false);
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
    expect(
      platformMinimalChildEnvironment({
        inherited,
        pass: ['EXTRA', 'UNSET', 'MISSING'],
        set: { HOME: '/override', NEW: 'value' },
        platform: 'linux',
      }),
    ).toEqual({ PATH: '/bin', LC_ALL: 'C', HOME: '/override', EXTRA: 'kept', NEW: 'value' });
  });

  it('defaults to this process: its environment and its platform', () => {
    const env = platformMinimalChildEnvironment();
    for (const [key, value] of Object.entries(env)) {
      expect(isPlatformChildEnvironmentKey(key)).toBe(true);
      expect(process.env[key]).toBe(value);
    }
    expect(env.NODE_OPTIONS).toBeUndefined();
  });
});
