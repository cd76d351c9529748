import Type, { type Static } from 'typebox';
import { normalizeExecutableName } from './executable-name.js';
import type { RuntimePlatform } from './runtime-platform.js';

/** TypeBox schema of {@link ProcessMatcher}. */
export const ProcessMatcherSchema = Type.Union([
  Type.Object({ kind: Type.Literal('exact'), name: Type.String() }),
  Type.Object({ kind: Type.Literal('prefix'), prefix: Type.String() }),
]);

/** How a foreground process is recognised as the agent: its exact name or a name prefix. */
export type ProcessMatcher = Static<typeof ProcessMatcherSchema>;

/**
 * Whether a process name or path matches: the candidate is normalised with
 * {@link normalizeExecutableName}; `exact` compares with the equally normalised name, `prefix`
 * tests `startsWith` (the prefix lowercased on Windows only, never basename-normalised).
 */
export function processMatcherMatches(
  matcher: ProcessMatcher,
  processOrPath: string,
  platform: RuntimePlatform,
): boolean {
  const candidate = normalizeExecutableName(processOrPath, platform);
  if (matcher.kind === 'exact')
    return candidate === normalizeExecutableName(matcher.name, platform);
  const prefix =
    platform === 'windows'
      ? matcher.prefix.replace(/[A-Z]/g, (c) => c.toLowerCase())
      : matcher.prefix;
  return candidate.startsWith(prefix);
}
