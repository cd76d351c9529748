import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveProgram } from '../../src/pty/resolve-program.js';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'resolve-program-'));
  writeFileSync(join(dir, 'runnable'), '#!/bin/sh\n');
  chmodSync(join(dir, 'runnable'), 0o755);
  writeFileSync(join(dir, 'plain'), 'not a program\n');
  chmodSync(join(dir, 'plain'), 0o644);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(process.platform !== 'win32')('resolveProgram', () => {
  it('finds a name on the child PATH, skipping directories where it is absent', () => {
    const env = { PATH: `/nonexistent-dir::${dir}` };
    expect(resolveProgram('runnable', env, '/')).toEqual({
      ok: true,
      value: join(dir, 'runnable'),
    });
  });

  it('says a missing name was not found and shows the PATH it searched', () => {
    const result = resolveProgram('gate4agent-no-such-cli', { PATH: dir }, '/');
    expect(result).toEqual({
      ok: false,
      error: `'gate4agent-no-such-cli' was not found on the child's PATH (${dir}); install it, or add its directory to PATH`,
    });
    expect(resolveProgram('x', {}, '/')).toMatchObject({ ok: false });
  });

  it('reports a file without execute permission as not executable, with the OS code', () => {
    const byName = resolveProgram('plain', { PATH: dir }, '/');
    expect(byName.ok).toBe(false);
    if (!byName.ok) {
      expect(byName.error).toContain(`'${join(dir, 'plain')}' is not executable (EACCES)`);
      expect(byName.error).toContain('chmod +x');
    }
  });

  it('resolves a path relative to the working directory and refuses a directory or a missing file', () => {
    expect(resolveProgram('./runnable', {}, dir)).toEqual({
      ok: true,
      value: join(dir, 'runnable'),
    });
    expect(resolveProgram(dir, {}, '/')).toEqual({ ok: false, error: `'${dir}' is not a file` });
    const missing = resolveProgram(join(dir, 'gone'), {}, '/');
    expect(missing).toEqual({ ok: false, error: `'${join(dir, 'gone')}' does not exist (ENOENT)` });
  });
});
