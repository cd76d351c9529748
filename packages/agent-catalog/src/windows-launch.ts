// Windows launch rules. A `.cmd`/`.bat` wrapper runs through `cmd.exe /D /Q /C`, which would
// interpret these characters, so a prompt containing one is pasted after readiness instead; the
// whole command line (argv plus environment block estimate) must stay under a safe budget.
import type { EnvMutation } from './launch-request.js';

const WRAPPER_UNSAFE = /[\0\r\n"%!^&|<>()]/;

/** Whether `value` holds a character a Windows `.cmd`/`.bat` wrapper could interpret. */
export function windowsWrapperUnsafeText(value: string): boolean {
  return WRAPPER_UNSAFE.test(value);
}

function scalarCount(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/**
 * Upstream's Windows command-line estimate in Unicode scalar values: each of program and args plus
 * one separator, and each env entry's key, value and two more (`=` and the terminator).
 */
export function estimatedWindowsLaunchChars(
  program: string,
  args: readonly string[],
  env: readonly EnvMutation[],
): number {
  let total = 0;
  for (const value of [program, ...args]) total += scalarCount(value) + 1;
  for (const mutation of env)
    total += scalarCount(mutation.key) + scalarCount(mutation.value ?? '') + 2;
  return total;
}
