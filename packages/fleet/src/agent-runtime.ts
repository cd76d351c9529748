import type {
  AgentExit,
  AgentStopOptions,
  LaunchAgentOptions,
  ScreenMatcher,
  WaitForOptions,
} from '@gate4agent/runtime-native';
import type {
  AgentId,
  AgentInstanceId,
  OperatorGate,
  SessionGeneration,
  SessionSnapshot,
  SessionStatus,
  TerminalControl,
  TerminalFrame,
  TerminalSize,
} from '@gate4agent/types';

/**
 * The async API of one agent session that a local `AgentSession` (`@gate4agent/runtime-native`)
 * and a {@link FleetSession} share: code written against it runs against either.
 */
export interface AgentSessionLike extends AsyncDisposable {
  readonly instanceId: AgentInstanceId;
  readonly agentId: AgentId;
  readonly exited: Promise<AgentExit>;
  readonly snapshot: SessionSnapshot | null;
  readonly status: SessionStatus;
  readonly generation: SessionGeneration | null;
  readonly processId: number | null;
  readonly frame: TerminalFrame | null;
  readonly screen: string;
  readonly operatorGate: OperatorGate | null;
  frames(options?: { readonly signal?: AbortSignal }): AsyncIterableIterator<TerminalFrame>;
  waitFor(matcher: ScreenMatcher, options?: WaitForOptions): Promise<string>;
  type(text: string): Promise<void>;
  submit(text?: string): Promise<void>;
  press(key: TerminalControl): Promise<void>;
  resize(size: TerminalSize): Promise<void>;
  stop(options?: AgentStopOptions): Promise<AgentExit>;
  dispose(): Promise<void>;
}

/**
 * What a local `NativeRuntime` and a {@link FleetClient} share: launching an agent session.
 * `NativeRuntime` satisfies it as it is (structural typing), so an app can take either.
 */
export interface AgentRuntime {
  launchAgent(agentId: AgentId, options?: LaunchAgentOptions): Promise<AgentSessionLike>;
}
