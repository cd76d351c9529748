import { resolve } from 'node:path';
import type { AgentRegistry, EnvMutation } from '@gate4agent/agent-catalog';
import { BUILTIN_APPROVAL_MAPPINGS, planLaunch } from '@gate4agent/agent-catalog';
import type {
  AgentSpec,
  ApprovalLevel,
  ControlEffect,
  ControlObservation,
  OperationId,
  Result,
} from '@gate4agent/types';
import {
  err,
  ok,
  READINESS_TIMEOUT_MAX_MS,
  TerminalSize,
  utf8ByteLength,
  WORKING_DIRECTORY_MAX_BYTES,
} from '@gate4agent/types';
import { ptyChildEnvironment } from './child-environment.js';
import { currentRuntimePlatform } from './current-runtime-platform.js';
import { deliverInitialPrompt } from './deliver-initial-prompt.js';
import { validateInstanceLaunchArguments } from './launch-arguments.js';
import { debugSessionKey, type NativeSessionKey } from './native-session-key.js';
import type { OwnedPtySession } from './owned-pty-session.js';
import { PtySession } from './pty-session.js';
import { resolveProgram } from './resolve-program.js';
import { prepareFreshPtyProviderSession, validateSpawnRuntimePolicy } from './spawn-policy.js';

/** Host-side additions to one spawn: environment mutations and extra launch arguments. */
export interface NativeLaunchOverlay {
  readonly env: readonly EnvMutation[];
  readonly extraArgs: readonly string[];
}

type SpawnEffect = Extract<ControlEffect, { kind: 'spawn' }>;

/** A working directory as the child gets it: Windows verbatim prefixes dropped, then resolved. */
export function normalizeWorkingDirectory(directory: string): string {
  let path = directory;
  if (process.platform === 'win32') {
    if (path.startsWith('\\\\?\\UNC\\')) path = `\\\\${path.slice(8)}`;
    else if (path.startsWith('\\\\?\\')) path = path.slice(4);
  }
  return resolve(path);
}

/**
 * The approval level handed to the launch planner (ARCHITECTURE decision 13). Under the raw PTY
 * policy (no semantic capability) the level is carried through unchanged and adds no flags; the
 * default level on an agent without any approval mapping leaves the agent's own configuration in
 * charge; anything else is mapped and fails closed when the agent cannot express it.
 */
function plannedApprovalLevel(effect: SpawnEffect, spec: AgentSpec): ApprovalLevel | null {
  if (!effect.runtimePolicy.semanticReadiness) return null;
  if (effect.request.approvalLevel === 'ask' && BUILTIN_APPROVAL_MAPPINGS[spec.id] === undefined) {
    return null;
  }
  return effect.request.approvalLevel;
}

/**
 * Spawns the agent of a `spawn` effect in a real PTY: every check of upstream `spawn_native` in
 * its order, a shell-free launch plan, the minimal child environment, then the deferred initial
 * prompt. Returns the owned session, or the `spawn-failed` observation.
 */
export async function spawnNative(
  catalog: AgentRegistry,
  key: NativeSessionKey,
  operationId: OperationId,
  effect: SpawnEffect,
  overlay: NativeLaunchOverlay,
  exists: boolean,
): Promise<Result<OwnedPtySession, ControlObservation>> {
  const fail = (message: string) => err<ControlObservation>({ kind: 'spawn-failed', message });
  const { agentId, transport, runtimePolicy, request } = effect;
  const launchArgs = validateInstanceLaunchArguments(agentId, transport, overlay.extraArgs);
  if (!launchArgs.ok) return fail(launchArgs.error);
  const policy = validateSpawnRuntimePolicy(
    runtimePolicy,
    transport,
    request.initialPrompt !== null,
    false,
  );
  if (!policy.ok) return fail(policy.error);
  if (exists) return fail(`native session ${debugSessionKey(key)} already exists`);
  if (!TerminalSize.isValid(request.terminalSize)) {
    return fail('terminal size is outside the supported range');
  }
  const directory = request.workingDirectory;
  if (
    directory === '' ||
    utf8ByteLength(directory) > WORKING_DIRECTORY_MAX_BYTES ||
    directory.includes('\0')
  ) {
    return fail('working directory is invalid');
  }
  const registered = catalog.get(agentId);
  if (registered === undefined) return fail(`agent '${agentId}' is absent from native catalog`);
  const override = request.readinessTimeoutMs ?? null;
  if (
    override !== null &&
    (!Number.isSafeInteger(override) || override < 1 || override > READINESS_TIMEOUT_MAX_MS)
  ) {
    return fail(
      `readinessTimeoutMs ${String(override)} is invalid; give whole milliseconds from 1 to ${READINESS_TIMEOUT_MAX_MS}, or null for the agent's default`,
    );
  }
  // The session keeps its own spec: the start's readiness timeout overrides the catalog's.
  const spec: AgentSpec =
    override === null
      ? registered
      : { ...registered, readiness: { ...registered.readiness, timeoutMs: override } };
  if (transport !== 'pty') {
    return fail(
      `agent '${agentId}' ${transport} transport is not supported by this native runtime`,
    );
  }
  if (!spec.capabilities.transports.pty) {
    return fail(`agent '${agentId}' does not support PTY transport`);
  }
  const extraArgs: string[] = [];
  prepareFreshPtyProviderSession(
    spec.capabilities.transports.ptyAdapter,
    false,
    runtimePolicy.providerSessionIdentity,
    extraArgs,
  );
  extraArgs.push(...overlay.extraArgs);
  const planned = planLaunch(spec, {
    workingDir: normalizeWorkingDirectory(directory),
    prompt: request.initialPrompt,
    extraArgs,
    env: overlay.env,
    platform: currentRuntimePlatform(),
    sessionOptions: request.sessionOptions,
    approvalLevel: plannedApprovalLevel(effect, spec),
    runsAsRoot: process.getuid?.() === 0,
  });
  if (!planned.ok) return fail(planned.error.message);
  const plan = planned.value;
  const env = ptyChildEnvironment(plan.env);
  // Check before spawning: node-pty reports a failed exec only as a child that exits 1.
  const program = resolveProgram(plan.program, env, plan.workingDir);
  if (!program.ok) return fail(`cannot start agent '${agentId}': ${program.error}`);
  const spawned = PtySession.spawn({
    agentId,
    program: program.value,
    args: plan.args,
    cwd: plan.workingDir,
    env,
    rows: request.terminalSize.rows,
    columns: request.terminalSize.columns,
    generation: key.generation,
    providerRevision: spec.revision,
  });
  if (!spawned.ok) return fail(spawned.error.message);
  const session = spawned.value;
  if (plan.followupPrompt !== null) {
    const delivered = await deliverInitialPrompt(session, spec, plan.followupPrompt);
    if (!delivered.ok) {
      const shutdown = await session.shutdown();
      return fail(
        shutdown.ok
          ? delivered.error
          : `${delivered.error}; PTY cleanup failed: ${shutdown.error.message}`,
      );
    }
  }
  return ok({
    key,
    session,
    spec,
    runtimePolicy,
    spawnOperationId: operationId,
    lastTerminalSequence: 0,
    lastFrameAt: Number.NEGATIVE_INFINITY,
    frameSpacing: 0,
    quiet: false,
    knownDueAt: Number.POSITIVE_INFINITY,
    floodInterval: 0,
    terminalStalePublished: false,
    unwatch: () => undefined,
  });
}
