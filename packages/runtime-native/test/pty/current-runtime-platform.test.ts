import { describe, expect, it } from 'vitest';
import { currentRuntimePlatform } from '../../src/pty/current-runtime-platform.js';

describe('currentRuntimePlatform', () => {
  it('never reports wsl as the current platform', () => {
    expect(['windows', 'mac-os', 'linux']).toContain(currentRuntimePlatform());
  });

  it('names this host', () => {
    const expected =
      process.platform === 'win32' ? 'windows' : process.platform === 'darwin' ? 'mac-os' : 'linux';
    expect(currentRuntimePlatform()).toBe(expected);
  });
});
