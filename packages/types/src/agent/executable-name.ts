import type { RuntimePlatform } from './runtime-platform.js';

const WINDOWS_SUFFIXES = ['.exe', '.cmd', '.bat', '.ps1'];
// Rust's trim(): the Unicode White_Space set, which differs from String.prototype.trim on U+FEFF and U+0085.
const RUST_TRIM =
  /^[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+|[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+$/gu;

/**
 * The bare executable name of a command or path, as a process table shows it: trimmed, the text
 * after the last `/` or `\` (both separators on every platform), and on Windows ASCII-lowercased
 * with the first matching `.exe`, `.cmd`, `.bat` or `.ps1` suffix removed. No file system access.
 */
export function normalizeExecutableName(commandOrPath: string, platform: RuntimePlatform): string {
  const trimmed = commandOrPath.replace(RUST_TRIM, '');
  const basename = trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1);
  if (platform !== 'windows') return basename;
  const lower = basename.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  const suffix = WINDOWS_SUFFIXES.find((candidate) => lower.endsWith(candidate));
  return suffix === undefined ? lower : lower.slice(0, -suffix.length);
}
