import {
  type AgentSpec,
  APPROVAL_LEVELS,
  err,
  isWellFormedText,
  ok,
  type Result,
  type RuntimePlatform,
  type SessionOptionSelection,
  supportsPlatform,
  utf8ByteLength,
} from '@gate4agent/types';
import { type ApprovalMappings, BUILTIN_APPROVAL_MAPPINGS } from './approval-mappings.js';
import { MAX_LAUNCH_PROMPT_BYTES, WINDOWS_INLINE_LAUNCH_MAX_CHARS } from './constants.js';
import { LaunchPlanError } from './launch-plan-error.js';
import {
  createLaunchRequest,
  type EnvMutation,
  type LaunchPlan,
  type LaunchRequest,
  type LaunchRequestInit,
  sealLaunchPlan,
} from './launch-request.js';
import { flagArguments, isOptionUnsafe, positionalArguments } from './option-safe-arguments.js';
import { resolveSessionOptionLaunchFor } from './session-options/session-options-for.js';
import { estimatedWindowsLaunchChars, windowsWrapperUnsafeText } from './windows-launch.js';

/** Options of {@link planLaunch} and {@link planDraftLaunch}. */
export interface PlanLaunchOptions {
  /** Approval flags per agent id. Default {@link BUILTIN_APPROVAL_MAPPINGS}. */
  readonly approvalMappings?: ApprovalMappings;
}

type Planned<T> = Result<T, LaunchPlanError>;

function checkInputs(request: LaunchRequest): Planned<void> {
  for (const argument of request.extraArgs) {
    if (argument.includes('\0'))
      return err(LaunchPlanError.invalidLaunchArgument('extra argument', 'nul-byte'));
    if (!isWellFormedText(argument))
      return err(LaunchPlanError.invalidLaunchArgument('extra argument', 'ill-formed-text'));
  }
  for (const { key, value } of request.env) {
    if (key.length === 0 || key.includes('=') || key.includes('\0') || !isWellFormedText(key)) {
      return err(LaunchPlanError.invalidLaunchArgument('environment key', 'invalid-key'));
    }
    if (value === null) continue;
    if (value.includes('\0')) {
      return err(LaunchPlanError.invalidLaunchArgument('environment value', 'nul-byte'));
    }
    if (!isWellFormedText(value)) {
      return err(LaunchPlanError.invalidLaunchArgument('environment value', 'ill-formed-text'));
    }
  }
  if (request.prompt !== null && !isWellFormedText(request.prompt)) {
    return err(LaunchPlanError.invalidLaunchArgument('prompt', 'ill-formed-text'));
  }
  return ok(undefined);
}

function withinWindowsBudget(plan: LaunchPlan, platform: RuntimePlatform): Planned<LaunchPlan> {
  if (platform !== 'windows') return ok(plan);
  const chars = estimatedWindowsLaunchChars(plan.program, plan.args, plan.env);
  return chars > WINDOWS_INLINE_LAUNCH_MAX_CHARS
    ? err(LaunchPlanError.windowsInlineLaunchTooLarge(chars, WINDOWS_INLINE_LAUNCH_MAX_CHARS))
    : ok(plan);
}

/**
 * Plans a shell-free launch of `spec`: the program, an argv array (fixed args, session-option
 * args, the caller's extra args, approval flags, then the prompt as one verbatim argument) and
 * environment changes. The prompt can never become an option: it follows `--` where the CLI
 * honours it, is glued to a long flag (`--prompt=…`), and is refused with
 * `prompt-looks-like-option` when it starts with `-` and neither applies. Nothing is quoted, escaped or PATH-resolved. On Windows a positional
 * prompt that a `.cmd` wrapper could interpret, or that overflows the command-line budget, becomes
 * a follow-up paste instead.
 */
export function planLaunch(
  spec: AgentSpec,
  init: LaunchRequestInit,
  options: PlanLaunchOptions = {},
): Planned<LaunchPlan> {
  const request = createLaunchRequest(init);
  if (!supportsPlatform(spec, request.platform)) {
    return err(LaunchPlanError.unsupportedPlatform(spec.id, request.platform));
  }
  const prompt = request.prompt === '' ? null : request.prompt;
  if (prompt !== null) {
    const bytes = utf8ByteLength(prompt);
    if (bytes > MAX_LAUNCH_PROMPT_BYTES)
      return err(LaunchPlanError.promptTooLarge(bytes, MAX_LAUNCH_PROMPT_BYTES));
  }
  const inputs = checkInputs(request);
  if (!inputs.ok) return inputs;
  let sessionArgs: readonly string[] = [];
  let appliedSessionOptions: SessionOptionSelection | null = null;
  if (request.sessionOptions !== null) {
    const resolved = resolveSessionOptionLaunchFor(spec, request.sessionOptions, request.extraArgs);
    if (!resolved.ok) return err(LaunchPlanError.sessionOptions(resolved.error));
    sessionArgs = resolved.value.args;
    appliedSessionOptions = resolved.value.applied;
  }
  let approvalArgs: readonly string[] = [];
  let approvalEnv: readonly EnvMutation[] = [];
  if (request.approvalLevel !== null) {
    const byLevel = (options.approvalMappings ?? BUILTIN_APPROVAL_MAPPINGS)[spec.id] ?? {};
    const flags = byLevel[request.approvalLevel];
    if (flags === undefined) {
      const supported = APPROVAL_LEVELS.filter((level) => byLevel[level] !== undefined);
      return err(
        LaunchPlanError.approvalLevelUnsupported(spec.id, request.approvalLevel, supported),
      );
    }
    approvalArgs = flags.args;
    approvalEnv = flags.env;
    const sandboxed = request.env.some(({ key, value }) => key === 'IS_SANDBOX' && value === '1');
    if (flags.refusedAsRoot === true && request.runsAsRoot && !sandboxed) {
      return err(LaunchPlanError.approvalLevelRefusedAsRoot(spec.id, request.approvalLevel));
    }
  }

  const args = [...spec.launch.fixedArgs, ...sessionArgs, ...request.extraArgs, ...approvalArgs];
  // Approval env comes last so a caller's own mutation cannot weaken the requested level.
  const env = [...request.env, ...approvalEnv];
  let followupPrompt: string | null = null;
  if (prompt !== null) {
    const initial = spec.prompt.initial;
    switch (initial.kind) {
      case 'none':
        return err(LaunchPlanError.promptUnsupported(spec.id));
      case 'agent-native-query':
        return err(LaunchPlanError.nativePlannerRequired(spec.id));
      case 'after-ready':
        followupPrompt = prompt;
        break;
      case 'flag':
      case 'interactive-flag': {
        if (prompt.includes('\0'))
          return err(LaunchPlanError.invalidLaunchArgument('prompt', 'nul-byte'));
        const flagged = flagArguments(initial.flag, prompt);
        if (isOptionUnsafe(flagged)) {
          return err(LaunchPlanError.promptLooksLikeOption(spec.id, 'prompt', initial.flag));
        }
        args.push(...flagged);
        break;
      }
      case 'positional': {
        const start = args.length;
        const positional = positionalArguments(prompt, initial.optionTerminator);
        if (isOptionUnsafe(positional)) {
          return err(LaunchPlanError.promptLooksLikeOption(spec.id, 'prompt', null));
        }
        args.push(...positional);
        if (
          request.platform === 'windows' &&
          (windowsWrapperUnsafeText(prompt) ||
            estimatedWindowsLaunchChars(spec.launch.program, args, env) >
              WINDOWS_INLINE_LAUNCH_MAX_CHARS)
        ) {
          args.length = start;
          followupPrompt = prompt;
        } else if (prompt.includes('\0')) {
          return err(LaunchPlanError.invalidLaunchArgument('prompt', 'nul-byte'));
        }
        break;
      }
    }
  }
  return withinWindowsBudget(
    sealLaunchPlan({
      agentId: spec.id,
      program: spec.launch.program,
      args,
      workingDir: request.workingDir,
      env,
      followupPrompt,
      followupDraft: null,
      appliedSessionOptions,
    }),
    request.platform,
  );
}

/**
 * Plans a launch with a reviewable draft that must never be submitted: through the agent's
 * native draft flag when it has one (unless Windows wrapper rules defer it), else as a follow-up
 * draft inserted after draft readiness. A request that also carries a prompt is refused.
 */
export function planDraftLaunch(
  spec: AgentSpec,
  init: LaunchRequestInit,
  draft: string,
  options: PlanLaunchOptions = {},
): Planned<LaunchPlan> {
  const request = createLaunchRequest(init);
  if (request.prompt !== null && request.prompt !== '')
    return err(LaunchPlanError.conflictingPromptAndDraft());
  const bytes = utf8ByteLength(draft);
  if (bytes > MAX_LAUNCH_PROMPT_BYTES)
    return err(LaunchPlanError.promptTooLarge(bytes, MAX_LAUNCH_PROMPT_BYTES));
  if (!isWellFormedText(draft))
    return err(LaunchPlanError.invalidLaunchArgument('draft', 'ill-formed-text'));
  const planned = planLaunch(spec, request, options);
  if (!planned.ok || draft === '') return planned;
  const plan = planned.value;
  const args = [...plan.args];
  let followupDraft: string | null = null;
  const nativeDraft = spec.prompt.nativeDraft;
  if (nativeDraft === null) {
    followupDraft = draft;
  } else {
    const flagged = flagArguments(nativeDraft.flag, draft);
    if (isOptionUnsafe(flagged)) {
      return err(LaunchPlanError.promptLooksLikeOption(spec.id, 'draft', nativeDraft.flag));
    }
    args.push(...flagged);
    if (
      request.platform === 'windows' &&
      (windowsWrapperUnsafeText(draft) ||
        estimatedWindowsLaunchChars(plan.program, args, plan.env) > WINDOWS_INLINE_LAUNCH_MAX_CHARS)
    ) {
      args.length -= flagged.length;
      followupDraft = draft;
    } else if (draft.includes('\0')) {
      return err(LaunchPlanError.invalidLaunchArgument('draft', 'nul-byte'));
    }
  }
  return withinWindowsBudget(sealLaunchPlan({ ...plan, args, followupDraft }), request.platform);
}
