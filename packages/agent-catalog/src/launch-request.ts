import type {
  AgentId,
  ApprovalLevel,
  RuntimePlatform,
  SessionOptionSelection,
} from '@gate4agent/types';

/** One change to the child environment: set `key`, or remove it when `value` is `null`. */
export interface EnvMutation {
  readonly key: string;
  readonly value: string | null;
}

/** What to launch: working dir, prompt, extra args, env changes, platform, options, approval, root. */
export interface LaunchRequest {
  readonly workingDir: string;
  /** Auto-submitted initial prompt; `''` counts as none. */
  readonly prompt: string | null;
  /** Caller arguments appended after fixed, approval and session-option arguments. */
  readonly extraArgs: readonly string[];
  readonly env: readonly EnvMutation[];
  readonly platform: RuntimePlatform;
  readonly sessionOptions: SessionOptionSelection | null;
  /**
   * Mapped to the agent's own flags (see the README table); `null` adds no approval flags and
   * leaves the agent's own configuration in charge.
   */
  readonly approvalLevel: ApprovalLevel | null;
  /**
   * Whether the agent will run as root (uid 0). Claude Code refuses to bypass permissions as
   * root, so `full-auto` fails with `approval-level-refused-as-root` instead of a dead start.
   */
  readonly runsAsRoot: boolean;
}

/** A shell-free plan: run `program` with `args` in `workingDir`, applying `env` in order. */
export interface LaunchPlan {
  readonly agentId: AgentId;
  readonly program: string;
  readonly args: readonly string[];
  readonly workingDir: string;
  readonly env: readonly EnvMutation[];
  /** Prompt to paste only after follow-up readiness. */
  readonly followupPrompt: string | null;
  /** Reviewable draft to insert after draft readiness, never submitted. */
  readonly followupDraft: string | null;
  /** Session options the generated arguments really apply (after caller overrides). */
  readonly appliedSessionOptions: SessionOptionSelection | null;
}

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

type Inspect = (value: unknown, options?: unknown) => string;

function redactedEnv(env: readonly EnvMutation[]) {
  return env.map((mutation) => ({
    key: mutation.key,
    action: mutation.value === null ? 'remove' : 'set',
  }));
}

/** The loggable form of a request: env names and actions, counts and flags, never values. */
export function redactLaunchRequest(request: LaunchRequest) {
  return {
    workingDir: request.workingDir,
    hasPrompt: request.prompt !== null,
    extraArgsLen: request.extraArgs.length,
    env: redactedEnv(request.env),
    platform: request.platform,
    hasSessionOptions: request.sessionOptions !== null,
    approvalLevel: request.approvalLevel,
    runsAsRoot: request.runsAsRoot,
  };
}

/** The loggable form of a plan: program, counts, env names and actions, never prompt or values. */
export function redactLaunchPlan(plan: LaunchPlan) {
  return {
    agentId: plan.agentId,
    program: plan.program,
    argsLen: plan.args.length,
    workingDir: plan.workingDir,
    env: redactedEnv(plan.env),
    hasFollowupPrompt: plan.followupPrompt !== null,
    hasFollowupDraft: plan.followupDraft !== null,
    hasAppliedSessionOptions: plan.appliedSessionOptions !== null,
  };
}

// `util.inspect` / `console.log` show the redacted form; JSON and property access stay intact.
function withRedactedInspect<T extends object>(
  value: T,
  name: string,
  redact: (value: T) => object,
): T {
  Object.defineProperty(value, INSPECT, {
    value: (_depth: number, options: unknown, inspect: Inspect) =>
      `${name} ${inspect(redact(value), options)}`,
    enumerable: false,
  });
  return value;
}

/**
 * What a caller gives to build a {@link LaunchRequest}: `platform` is required (this package is
 * pure and cannot read the host, ARCHITECTURE decision 19; `currentRuntimePlatform()` of
 * `@gate4agent/runtime-native` names this host's), every other field has a default.
 */
export type LaunchRequestInit = Partial<LaunchRequest> & Pick<LaunchRequest, 'platform'>;

/** A {@link LaunchRequest} with upstream defaults (no prompt, args, env, options or approval). */
export function createLaunchRequest(init: LaunchRequestInit): LaunchRequest {
  const request: LaunchRequest = {
    workingDir: init.workingDir ?? '',
    prompt: init.prompt ?? null,
    extraArgs: [...(init.extraArgs ?? [])],
    env: (init.env ?? []).map((mutation) => ({ key: mutation.key, value: mutation.value })),
    platform: init.platform,
    sessionOptions: init.sessionOptions ?? null,
    approvalLevel: init.approvalLevel ?? null,
    runsAsRoot: init.runsAsRoot ?? false,
  };
  return withRedactedInspect(request, 'LaunchRequest', redactLaunchRequest);
}

/** Attaches the redacted inspect form to a finished plan. */
export function sealLaunchPlan(plan: LaunchPlan): LaunchPlan {
  return withRedactedInspect(plan, 'LaunchPlan', redactLaunchPlan);
}
