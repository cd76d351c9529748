import type { ToolClientHandle } from '@gate4agent/handle';
import type { AgentSession, NativeRuntime } from '@gate4agent/runtime-native';
import type { TerminalFrame } from '@gate4agent/types';
import type { EventOutbox } from './event-outbox.js';
import type { FrameThrottle } from './frame-throttle.js';

/** @internal One session a host launched for an owner. */
export interface HostedSession {
  readonly owner: string;
  readonly session: AgentSession;
  readonly frames: FrameThrottle<TerminalFrame>;
  lastStatus: string;
  lastFrameSequence: number;
}

/** @internal One tool client a host bound for an owner. */
export interface HostedToolClient {
  readonly owner: string;
  readonly client: ToolClientHandle;
}

/** @internal What the command handlers of a host share. */
export interface HostState {
  readonly hostId: string;
  readonly capacity: number;
  readonly runtime: NativeRuntime;
  readonly outbox: EventOutbox;
  readonly sessions: Map<number, HostedSession>;
  readonly clients: Map<string, HostedToolClient>;
  /** Launches accepted but not finished yet (they hold a slot). */
  launching: number;
  /** Starts watching a new session: status, frames. */
  adopt(owner: string, session: AgentSession): HostedSession;
  /** Starts forwarding a new tool client's completions. */
  adoptClient(owner: string, client: ToolClientHandle): void;
  /** Publishes the status of `hosted` when it changed. */
  publishStatus(instanceId: number, hosted: HostedSession): void;
  /** Forgets a removed session and tells its owner. */
  forget(instanceId: number): void;
}
