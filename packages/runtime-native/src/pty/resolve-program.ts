import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import type { Result } from '@gate4agent/types';
import { err, ok } from '@gate4agent/types';

function executableFile(path: string): Result<string, string> {
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch (error) {
    return err(`'${path}' does not exist (${(error as NodeJS.ErrnoException).code ?? 'ENOENT'})`);
  }
  if (!isFile) return err(`'${path}' is not a file`);
  try {
    accessSync(path, constants.X_OK);
    return ok(path);
  } catch (error) {
    return err(
      `'${path}' is not executable (${(error as NodeJS.ErrnoException).code ?? 'EACCES'}); make it executable (chmod +x) or point the agent spec at the right program`,
    );
  }
}

/**
 * Finds the file `program` names, as `execvp` would in the child: a name with a `/` relative to
 * `cwd`, otherwise the first executable file in the child's `PATH` (empty entries skipped). The
 * error says why the program cannot start — not found (with the PATH searched), not a file, or
 * not executable — so a missing CLI is reported as `spawn-failed` before any PTY is opened.
 * On Windows the name is returned unchanged (node-pty resolves it there).
 */
export function resolveProgram(
  program: string,
  env: Readonly<Record<string, string>>,
  cwd: string,
  platform: NodeJS.Platform = process.platform,
): Result<string, string> {
  if (platform === 'win32') return ok(program);
  if (program === '') return err('the program name is empty');
  if (program.includes('/')) {
    return executableFile(isAbsolute(program) ? program : resolve(cwd, program));
  }
  const path = env.PATH ?? '';
  let denied: string | null = null;
  for (const directory of path.split(delimiter)) {
    if (directory === '') continue;
    const candidate = join(directory, program);
    const found = executableFile(isAbsolute(candidate) ? candidate : resolve(cwd, candidate));
    if (found.ok) return found;
    if (denied === null && !found.error.includes('does not exist')) denied = found.error;
  }
  if (denied !== null) return err(denied);
  return err(
    `'${program}' was not found on the child's PATH (${path === '' ? 'empty' : path}); install it, or add its directory to PATH`,
  );
}
