import {
  isPlatformChildEnvironmentKey as isChildEnvironmentKey,
  minimalChildEnvironment,
} from '@gate4agent/types';

// The allowlists and the pure rule live in @gate4agent/types (process/child-environment); these
// are the process-bound forms, kept here for executor users.
export { UNIX_CHILD_ENV_ALLOWLIST, WINDOWS_CHILD_ENV_ALLOWLIST } from '@gate4agent/types';

/** Whether `key` belongs to the minimal child environment of `platform` (this process's). */
export function isPlatformChildEnvironmentKey(
  key: string,
  platform: NodeJS.Platform = process.platform,
): boolean {
  return isChildEnvironmentKey(key, platform);
}

/**
 * The minimal child environment taken from `inherited` (this process's environment by default)
 * for `platform` (this process's by default): the platform allowlist, plus the variables named
 * in `pass`, plus `set` (which wins).
 */
export function platformMinimalChildEnvironment(
  options: {
    readonly inherited?: NodeJS.ProcessEnv;
    readonly pass?: readonly string[];
    readonly set?: Readonly<Record<string, string>>;
    readonly platform?: NodeJS.Platform;
  } = {},
): Record<string, string> {
  const platform = options.platform ?? process.platform;
  return minimalChildEnvironment({
    inherited: allowedEntries(options.inherited ?? process.env, platform, options.pass),
    platform,
    ...(options.pass === undefined ? {} : { pass: options.pass }),
    ...(options.set === undefined ? {} : { set: options.set }),
  });
}

// Reading every value of `process.env` goes through a native interceptor per variable; taking
// the names once and reading only the allowed ones keeps a spawn's environment cheap.
function allowedEntries(
  inherited: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
  pass: readonly string[] = [],
): Record<string, string | undefined> {
  const entries: Record<string, string | undefined> = {};
  for (const key of Object.keys(inherited)) {
    if (isChildEnvironmentKey(key, platform) || pass.includes(key)) entries[key] = inherited[key];
  }
  return entries;
}
