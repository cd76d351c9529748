import type {
  ApprovalLevel,
  ProviderRuntimePolicy,
  SessionOptionSelection,
  SessionStatus,
  TerminalSize,
} from '@gate4agent/types';
import type { DEFAULT_AGENT_STOP_GRACE_MS, DEFAULT_AGENT_TERMINAL_SIZE } from '../constants.js';

/** Options of `NativeRuntime.launchAgent`. Every field has a default. */
export interface LaunchAgentOptions {
  /** The agent's working directory. Default `process.cwd()`. */
  readonly cwd?: string;
  /** What the agent may do without asking (decision 13). Default `'ask'`. */
  readonly approvalLevel?: ApprovalLevel;
  /** The PTY size. Default {@link DEFAULT_AGENT_TERMINAL_SIZE} (24 × 80). */
  readonly terminalSize?: TerminalSize;
  /** A first prompt the launch planner passes to the agent, when it supports one. Default none. */
  readonly initialPrompt?: string | null;
  /** Session options for the launch planner (model, …). Default none. */
  readonly sessionOptions?: SessionOptionSelection | null;
  /** How the runtime drives the agent. Default `ProviderRuntimePolicy.rawPty()`. */
  readonly runtimePolicy?: ProviderRuntimePolicy;
  /**
   * Gives the agent the runtime's MCP server (`NativeRuntimeOptions.mcp`): its configuration is
   * written in the agent's own format into a scratch config directory of the session and added to
   * the launch of this and every later start of the instance (a restart through the control
   * handle too); both end once the instance is removed or the runtime is disposed. Default `false`.
   */
  readonly mcp?: boolean;
  /**
   * Gives up the launch: the promise rejects with `signal.reason` once nothing of the launch is
   * left (the commands it queued are reduced first, then a started agent is stopped, the instance
   * removed and its MCP attachment ended). When that cleanup is refused (someone started the
   * instance meanwhile) it rejects with `launch-cleanup-failed` instead. Once `launchAgent` has
   * resolved, the signal no longer matters.
   */
  readonly signal?: AbortSignal | undefined;
}

/** Options of `AgentSession.waitFor`. */
export interface WaitForOptions {
  /** Ends the wait: rejects with `signal.reason`. */
  readonly signal?: AbortSignal | undefined;
  /** Ends the wait after this many milliseconds: rejects with a `TimeoutError` `DOMException`. */
  readonly timeoutMs?: number | undefined;
}

/** Options of `AgentSession.stop`. */
export interface AgentStopOptions {
  /**
   * How long the agent gets to exit after the cooperative stop before it is stopped by force.
   * Default {@link DEFAULT_AGENT_STOP_GRACE_MS}.
   */
  readonly graceMs?: number;
}

/** How an agent session ended: its final status and the screen it left behind. */
export interface AgentExit {
  /** `exited` (with the exit code, when there is one) or `failed` (with the reason). */
  readonly status: Extract<SessionStatus, { kind: 'exited' } | { kind: 'failed' }>;
  /** The last screen text (empty when the agent never painted). */
  readonly screen: string;
  /** The last non-blank lines of {@link screen}, up to five: what the agent said last. */
  readonly lastLines: readonly string[];
}
