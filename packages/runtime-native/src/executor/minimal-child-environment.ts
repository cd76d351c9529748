// The environment a provider child inherits by default (ARCHITECTURE decision 10, upstream
// src/child_environment.rs): only what is needed to find executables, user configuration and
// temporary storage. Credentials, proxies, SSH agents and daemon variables stay behind.

/** Upstream `PLATFORM_CHILD_ENV_ALLOWLIST` on Unix; every `LC_*` variable is also kept. */
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

/** Upstream `PLATFORM_CHILD_ENV_ALLOWLIST` on Windows, matched case-insensitively. */
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

/** Whether `key` belongs to the platform's minimal child environment. */
export function isPlatformChildEnvironmentKey(
  key: string,
  platform: NodeJS.Platform = process.platform,
): boolean {
  if (platform === 'win32') {
    const upper = key.toUpperCase();
    return WINDOWS_CHILD_ENV_ALLOWLIST.some((allowed) => allowed.toUpperCase() === upper);
  }
  return (UNIX_CHILD_ENV_ALLOWLIST as readonly string[]).includes(key) || key.startsWith('LC_');
}

/**
 * The minimal child environment taken from `inherited` (this process's environment by default):
 * the platform allowlist, plus the variables named in `pass`, plus `set` (which wins).
 */
export function platformMinimalChildEnvironment(
  options: {
    readonly inherited?: NodeJS.ProcessEnv;
    readonly pass?: readonly string[];
    readonly set?: Readonly<Record<string, string>>;
    readonly platform?: NodeJS.Platform;
  } = {},
): Record<string, string> {
  const inherited = options.inherited ?? process.env;
  const pass = new Set(options.pass ?? []);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(inherited)) {
    if (value === undefined) continue;
    if (isPlatformChildEnvironmentKey(key, options.platform) || pass.has(key)) env[key] = value;
  }
  return { ...env, ...options.set };
}
