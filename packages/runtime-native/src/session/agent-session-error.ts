import { Gate4AgentError } from '@gate4agent/types';
import { thrownMessage } from '../supervisor/guarded-call.js';

/**
 * One factory per error an {@link AgentSession} (and `launchAgent`) throws, each a
 * `Gate4AgentError` whose `kind` names the failure and whose message says what happened, with the
 * values, and what to do.
 */
export const AgentSessionError = {
  /** The agent ended (`status` as `describeStatus` renders it) before what was awaited. */
  agentExited: (agentId: string, status: string, when: string, screen: string): Gate4AgentError =>
    new Gate4AgentError(
      'agent-exited',
      `agent ${agentId} ${status} ${when} (${screen}); read session.exited for how it ended and launch it again`,
    ),
  /** The engine refused a command for the agent with `reason`. */
  commandRejected: (agentId: string, command: string, reason: string): Gate4AgentError =>
    new Gate4AgentError(
      'command-rejected',
      `agent ${agentId} refused the ${command} command: ${reason}; correct the command and send it again`,
    ),
  /** The agent's PTY did not take an input. */
  inputFailed: (agentId: string, input: string, reason: string): Gate4AgentError =>
    new Gate4AgentError(
      'input-failed',
      `agent ${agentId} did not take the ${input} input: ${reason}; check that the agent still runs, then send the input again`,
    ),
  /** The agent's PTY could not be resized. */
  resizeFailed: (agentId: string, rows: number, columns: number, reason: string): Gate4AgentError =>
    new Gate4AgentError(
      'resize-failed',
      `agent ${agentId} could not be resized to ${rows}×${columns}: ${reason}; check that the agent still runs and use a size of at least 1×1`,
    ),
  /** The runtime's command queue refused a command (`kind` is the handle's error kind). */
  notQueued: (
    kind: string,
    agentId: string,
    command: string,
    reason: string,
    cause?: unknown,
  ): Gate4AgentError =>
    new Gate4AgentError(
      kind,
      `the ${command} command for agent ${agentId} could not be queued: ${reason}; the runtime is overloaded or disposed, wait for the next tick and retry on a live runtime`,
      { cause },
    ),
  /** Launching the agent threw something other than a `Gate4AgentError`. */
  agentStartFailed: (agentId: string, cause: unknown): Gate4AgentError =>
    new Gate4AgentError(
      'agent-start-failed',
      `agent ${agentId} could not be launched (${thrownMessage(cause)}); check its program and launch options, then launch it again`,
      { cause },
    ),
  /**
   * A launch failed (or was aborted) with `failure` and ending what it had started failed too:
   * the instance may still be registered or running.
   */
  launchCleanupFailed: (
    agentId: string,
    instanceId: number,
    failure: unknown,
    cause: unknown,
  ): Gate4AgentError =>
    new Gate4AgentError(
      'launch-cleanup-failed',
      `agent ${agentId}'s launch failed (${thrownMessage(failure)}) and instance ${instanceId} could not be stopped and removed afterwards (${thrownMessage(cause)}); stop and remove instance ${instanceId} through the control handle, or dispose the runtime`,
      { cause },
    ),
} as const;
