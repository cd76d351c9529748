import { lstatSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import {
  AgentId,
  type AgentSpec,
  defaultAgentCapabilities,
  defaultAgentReadinessSpec,
  err,
  ok,
  type Result,
  utf8ByteLength,
} from '@gate4agent/types';
import {
  CLEAN_EXIT_FIXTURE_ID,
  FIXTURE_PATH_MAX_BYTES,
  FIXTURE_SPEC_REVISION,
} from '../constants.js';
import {
  ControlledExitFixtureError,
  type ControlledExitTarget,
} from './controlled-exit-fixture-error.js';
import { fixtureLaunch } from './interactive-agent-spec.js';

function validText(path: string): boolean {
  return (
    path.length > 0 &&
    utf8ByteLength(path) <= FIXTURE_PATH_MAX_BYTES &&
    !path.includes('\0') &&
    path.isWellFormed()
  );
}

function isRealDirectory(path: string): boolean {
  try {
    const stats = lstatSync(path);
    return stats.isDirectory() && !stats.isSymbolicLink();
  } catch {
    return false;
  }
}

// Path components as Rust's `Path::components` sees them: separators collapse, `.` vanishes
// (past the root), `..` stays.
function components(path: string): string[] {
  const separators = process.platform === 'win32' ? /[\\/]/ : /\//;
  return path.split(separators).filter((part) => part !== '' && part !== '.');
}

function validateRoot(root: string): Result<void, ControlledExitFixtureError> {
  if (!validText(root) || !isAbsolute(root)) return err(ControlledExitFixtureError.invalidRoot());
  for (let ancestor = root; ; ancestor = dirname(ancestor)) {
    // Junctions and other reparse points show up as symbolic links to lstat on Windows.
    if (!isRealDirectory(ancestor)) return err(ControlledExitFixtureError.invalidRoot());
    if (dirname(ancestor) === ancestor) return ok(undefined);
  }
}

function validateTarget(
  root: string,
  target: string,
  name: ControlledExitTarget,
): Result<string, ControlledExitFixtureError> {
  const invalid = err(ControlledExitFixtureError.invalidTarget(name));
  if (!validText(target) || !isAbsolute(target)) return invalid;
  const rootParts = components(root);
  const targetParts = components(target);
  if (
    targetParts.length <= rootParts.length ||
    rootParts.some((part, index) => targetParts[index] !== part)
  ) {
    return invalid;
  }
  const relative = targetParts.slice(rootParts.length);
  if (relative.includes('..')) return invalid;
  let parent = root;
  for (const part of relative.slice(0, -1)) {
    parent = join(parent, part);
    if (!isRealDirectory(parent)) return invalid;
  }
  try {
    lstatSync(target);
    return err(ControlledExitFixtureError.targetExists(name));
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? ok(target) : invalid;
  }
}

/**
 * The controlled clean-exit fixture (`clean-exit-fixture`): creates `startedMarker` exclusively
 * with `started\n`, waits for `releaseSignal` to appear, and exits 0 when it is a regular file, 81
 * otherwise. Both paths must be new, distinct and strictly inside `fixtureRoot`, a real absolute
 * directory whose every ancestor is a real directory (use `createFixtureRoot()`).
 */
export function controlledCleanExitAgentSpec(
  fixtureRoot: string,
  startedMarker: string,
  releaseSignal: string,
): Result<AgentSpec, ControlledExitFixtureError> {
  const root = validateRoot(fixtureRoot);
  if (!root.ok) return root;
  const marker = validateTarget(fixtureRoot, startedMarker, 'started marker');
  if (!marker.ok) return marker;
  const release = validateTarget(fixtureRoot, releaseSignal, 'release signal');
  if (!release.ok) return release;
  if (marker.value === release.value) return err(ControlledExitFixtureError.duplicateTargets());
  return ok({
    id: AgentId.of(CLEAN_EXIT_FIXTURE_ID),
    revision: FIXTURE_SPEC_REVISION,
    displayName: 'Controlled clean-exit fixture',
    detection: {
      command: 'clean-exit-fixture.mjs',
      aliases: [],
      requiredCommands: [],
      unsupportedPlatforms: [],
    },
    launch: fixtureLaunch('clean-exit-fixture', [marker.value, release.value]),
    expectedProcesses: [{ kind: 'exact', name: CLEAN_EXIT_FIXTURE_ID }],
    prompt: { initial: { kind: 'none' }, nativeDraft: null },
    readiness: defaultAgentReadinessSpec(),
    capabilities: defaultAgentCapabilities(),
    verification: 'gate4agent-verified',
    verifiedWith: null,
  });
}
