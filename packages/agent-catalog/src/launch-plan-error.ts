import type { ApprovalLevel, RuntimePlatform } from '@gate4agent/types';
import type { SessionOptionAdapterError } from './session-options/session-option-adapter-error.js';

/** Why session options could not be applied to a launch. */
export type SessionOptionCatalogError =
  | { readonly kind: 'unsupported-agent'; readonly agent: string; readonly message: string }
  | {
      readonly kind: 'unavailable-binding';
      readonly agentId: string;
      readonly adapterId: string;
      readonly revision: string;
      readonly message: string;
    }
  | {
      readonly kind: 'adapter';
      readonly error: SessionOptionAdapterError;
      readonly message: string;
    };

/** Which caller-supplied launch value was unusable. */
export type LaunchArgumentField =
  | 'prompt'
  | 'draft'
  | 'extra argument'
  | 'environment key'
  | 'environment value';

/** Why {@link planLaunch} or {@link planDraftLaunch} refused a request. */
export type LaunchPlanError =
  | {
      readonly kind: 'unsupported-platform';
      readonly agent: string;
      readonly platform: RuntimePlatform;
      readonly message: string;
    }
  | { readonly kind: 'prompt-unsupported'; readonly agent: string; readonly message: string }
  | { readonly kind: 'native-planner-required'; readonly agent: string; readonly message: string }
  | {
      readonly kind: 'prompt-too-large';
      readonly bytes: number;
      readonly max: number;
      readonly message: string;
    }
  | { readonly kind: 'conflicting-prompt-and-draft'; readonly message: string }
  | {
      readonly kind: 'windows-inline-launch-too-large';
      readonly chars: number;
      readonly max: number;
      readonly message: string;
    }
  | {
      readonly kind: 'session-options';
      readonly error: SessionOptionCatalogError;
      readonly message: string;
    }
  | {
      readonly kind: 'approval-level-unsupported';
      readonly agent: string;
      readonly level: ApprovalLevel;
      readonly supported: readonly ApprovalLevel[];
      readonly message: string;
    }
  | {
      readonly kind: 'prompt-looks-like-option';
      readonly agent: string;
      readonly field: 'prompt' | 'draft';
      /** The short flag the value would follow, or `null` for a bare positional argument. */
      readonly flag: string | null;
      readonly message: string;
    }
  | {
      readonly kind: 'approval-level-refused-as-root';
      readonly agent: string;
      readonly level: ApprovalLevel;
      readonly message: string;
    }
  | {
      readonly kind: 'invalid-launch-argument';
      readonly field: LaunchArgumentField;
      readonly reason: 'nul-byte' | 'ill-formed-text' | 'invalid-key';
      readonly message: string;
    };

const PLATFORM_NAMES: Record<RuntimePlatform, string> = {
  windows: 'Windows',
  'mac-os': 'MacOs',
  linux: 'Linux',
  wsl: 'Wsl',
};

/** One factory per {@link LaunchPlanError} variant, with a plain-English message. */
export const LaunchPlanError = {
  unsupportedPlatform: (agent: string, platform: RuntimePlatform): LaunchPlanError => ({
    kind: 'unsupported-platform',
    agent,
    platform,
    message: `agent '${agent}' does not support runtime platform ${PLATFORM_NAMES[platform]}; run it on a platform it supports`,
  }),
  promptUnsupported: (agent: string): LaunchPlanError => ({
    kind: 'prompt-unsupported',
    agent,
    message: `agent '${agent}' does not accept an initial prompt; launch without a prompt and send it once the agent is ready`,
  }),
  nativePlannerRequired: (agent: string): LaunchPlanError => ({
    kind: 'native-planner-required',
    agent,
    message: `agent '${agent}' requires a provider-native startup query planner; launch without a startup query`,
  }),
  promptTooLarge: (bytes: number, max: number): LaunchPlanError => ({
    kind: 'prompt-too-large',
    bytes,
    max,
    message: `prompt is ${bytes} bytes; the launch limit is ${max} bytes; shorten it or send it after launch`,
  }),
  conflictingPromptAndDraft: (): LaunchPlanError => ({
    kind: 'conflicting-prompt-and-draft',
    message:
      'launch request cannot contain both an auto-submitted prompt and a reviewable draft; pass only one of them',
  }),
  windowsInlineLaunchTooLarge: (chars: number, max: number): LaunchPlanError => ({
    kind: 'windows-inline-launch-too-large',
    chars,
    max,
    message: `Windows inline launch is ${chars} characters; the safe limit is ${max}; shorten the prompt or arguments`,
  }),
  sessionOptions: (error: SessionOptionCatalogError): LaunchPlanError => ({
    kind: 'session-options',
    error,
    message: error.message,
  }),
  approvalLevelUnsupported: (
    agent: string,
    level: ApprovalLevel,
    supported: readonly ApprovalLevel[],
  ): LaunchPlanError => ({
    kind: 'approval-level-unsupported',
    agent,
    level,
    supported,
    message:
      supported.length === 0
        ? `agent '${agent}' cannot enforce approval level '${level}'; launch it without an approval level (null) to keep its own configuration`
        : `agent '${agent}' cannot enforce approval level '${level}'; it supports ${supported.map((value) => `'${value}'`).join(', ')}`,
  }),
  promptLooksLikeOption: (
    agent: string,
    field: 'prompt' | 'draft',
    flag: string | null,
  ): LaunchPlanError => ({
    kind: 'prompt-looks-like-option',
    agent,
    field,
    flag,
    message: `the ${field} for agent '${agent}' starts with '-', and ${
      flag === null
        ? 'the agent takes it as a bare argument with no verified `--` terminator'
        : `the agent takes it after the short flag ${flag}`
    }, so its CLI would read it as an option; start the ${field} with another character, or launch without it and send it once the agent is ready`,
  }),
  approvalLevelRefusedAsRoot: (agent: string, level: ApprovalLevel): LaunchPlanError => ({
    kind: 'approval-level-refused-as-root',
    agent,
    level,
    message: `agent '${agent}' refuses approval level '${level}' (bypass permissions) when run as root; run it as a non-root user, or, when the container or VM is itself the sandbox, set IS_SANDBOX=1 in the launch environment`,
  }),
  invalidLaunchArgument: (
    field: LaunchArgumentField,
    reason: 'nul-byte' | 'ill-formed-text' | 'invalid-key',
  ): LaunchPlanError => ({
    kind: 'invalid-launch-argument',
    field,
    reason,
    message: `launch ${field} ${
      reason === 'nul-byte'
        ? 'contains a NUL byte'
        : reason === 'ill-formed-text'
          ? 'is not well-formed Unicode (lone surrogate)'
          : "must be non-empty and contain no '='"
    }; correct the ${field}`,
  }),
};

/** One factory per {@link SessionOptionCatalogError} variant, with a plain-English message. */
export const SessionOptionCatalogError = {
  unsupportedAgent: (agent: string): SessionOptionCatalogError => ({
    kind: 'unsupported-agent',
    agent,
    message: `agent ${agent} does not declare session options; launch it without session options`,
  }),
  unavailableBinding: (
    agentId: string,
    adapterId: string,
    revision: string,
  ): SessionOptionCatalogError => ({
    kind: 'unavailable-binding',
    agentId,
    adapterId,
    revision,
    message: `agent ${agentId} declares unavailable session-option adapter ${adapterId} at revision ${revision}; register that adapter revision`,
  }),
  adapter: (error: SessionOptionAdapterError): SessionOptionCatalogError => ({
    kind: 'adapter',
    error,
    message: `session-option adapter rejected the request: ${error.message}`,
  }),
};

/** @deprecated use {@link LaunchPlanError} (one error-factory naming, CONTRIBUTING.md). */
export const launchPlanError = LaunchPlanError;

/** @deprecated use {@link SessionOptionCatalogError} (one error-factory naming, CONTRIBUTING.md). */
export const sessionOptionCatalogError = SessionOptionCatalogError;
