// The environment a native child inherits by default (ARCHITECTURE decision 10, upstream
// src/child_environment.rs): only what is needed to find executables, user configuration and
// temporary storage. Credentials, proxies, SSH agents and daemon variables stay behind. Pure:
// the caller hands in the inherited environment and the platform.

/** Upstream `PLATFORM_CHILD_ENV_ALLOWLIST` on Unix (exact names); every `LC_*` is also kept. */
export const UNIX_CHILD_ENV_ALLOWLIST = [
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
] as const;

/** Upstream `PLATFORM_CHILD_ENV_ALLOWLIST` on Windows, matched ASCII case-insensitively. */
export const WINDOWS_CHILD_ENV_ALLOWLIST = [
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
] as const;

/** The prefix of the Unix locale variables kept besides the allowlist. */
export const UNIX_CHILD_ENV_LOCALE_PREFIX = 'LC_';

// Rust `eq_ignore_ascii_case`: only ASCII letters fold, so no locale can widen a match.
const asciiUpper = (text: string) => text.replace(/[a-z]/g, (c) => c.toUpperCase());
const WINDOWS_UPPER = new Set(WINDOWS_CHILD_ENV_ALLOWLIST.map(asciiUpper));
const UNIX_KEYS = new Set<string>(UNIX_CHILD_ENV_ALLOWLIST);

/**
 * Whether `key` belongs to the minimal child environment of `platform` (a Node platform name:
 * `win32` selects the Windows list, anything else the Unix one).
 */
export function isPlatformChildEnvironmentKey(key: string, platform: string): boolean {
  if (platform === 'win32') return WINDOWS_UPPER.has(asciiUpper(key));
  return UNIX_KEYS.has(key) || key.startsWith(UNIX_CHILD_ENV_LOCALE_PREFIX);
}

/** Inputs of {@link minimalChildEnvironment}. */
export interface MinimalChildEnvironmentOptions {
  /** The environment to take variables from (a process environment: unset values are skipped). */
  readonly inherited: Readonly<Record<string, string | undefined>>;
  /** The platform whose allowlist applies (Node's platform names; `win32` is Windows). */
  readonly platform: string;
  /** Further variables copied from `inherited` when present (exact names). */
  readonly pass?: readonly string[];
  /** Explicit settings, applied last: they win over anything inherited. */
  readonly set?: Readonly<Record<string, string>>;
}

/**
 * The minimal child environment: the platform allowlist taken from `inherited`, plus the
 * variables named in `pass`, plus `set` (which wins). Returns a fresh object.
 */
export function minimalChildEnvironment(
  options: MinimalChildEnvironmentOptions,
): Record<string, string> {
  const pass = new Set(options.pass ?? []);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.inherited)) {
    if (value === undefined) continue;
    if (isPlatformChildEnvironmentKey(key, options.platform) || pass.has(key)) env[key] = value;
  }
  for (const [key, value] of Object.entries(options.set ?? {})) env[key] = value;
  return env;
}
