import type { AgentId, ControlSnapshot, AgentInstanceId as InstanceId } from '@gate4agent/types';
import {
  AgentInstanceId,
  CommandId,
  Gate4AgentError,
  ProviderRuntimePolicy,
} from '@gate4agent/types';
import { DEFAULT_AGENT_TERMINAL_SIZE } from '../constants.js';
import { AgentSession, type AgentSessionHost } from '../session/agent-session.js';
import { AgentSessionError } from '../session/agent-session-error.js';
import type { LaunchAgentOptions } from '../session/launch-agent-options.js';
import { type McpAttacher, prepareMcpLaunch } from '../session/mcp-launch.js';
import type { McpLaunches } from './mcp-launches.js';

/** The runtime's MCP attacher and the MCP launches of its instances. */
export interface McpLaunchContext {
  readonly attacher: McpAttacher | undefined;
  readonly launches: McpLaunches;
}

/** The ids a runtime hands to the sessions it launches. */
export interface SessionIds {
  /** A command id no other session command of this runtime uses. */
  nextCommandId(): CommandId;
  /** An instance id above every instance in `snapshot` and every id handed out before. */
  nextInstanceId(snapshot: ControlSnapshot): InstanceId;
}

/** Fresh id counters for one runtime. */
export function sessionIds(): SessionIds {
  let command = 0;
  let instance = 0;
  return {
    nextCommandId: () => {
      command += 1;
      return CommandId.of(command);
    },
    nextInstanceId: (snapshot) => {
      for (const session of snapshot.sessions) instance = Math.max(instance, session.instanceId);
      instance += 1;
      return AgentInstanceId.of(instance);
    },
  };
}

/** `NativeRuntime.launchAgent`: register, start and wait until the agent's process runs. */
export async function launchAgentSession(
  host: AgentSessionHost,
  instanceId: InstanceId,
  agentId: AgentId,
  options: LaunchAgentOptions,
  mcp: McpLaunchContext,
): Promise<AgentSession> {
  const { signal } = options;
  signal?.throwIfAborted();
  // The MCP launch lives as long as the instance: every start of it (a restart through the
  // control handle too) gets the overlay; it ends when the instance is removed (the session's
  // dispose, below on a failed launch) or the runtime is disposed.
  if (options.mcp === true) {
    mcp.launches.add(instanceId, await prepareMcpLaunch(mcp.attacher, instanceId, agentId, signal));
  }
  const session = new AgentSession(host, instanceId, agentId);
  try {
    await session.launch(
      {
        kind: 'start',
        instanceId,
        runtimePolicy: options.runtimePolicy ?? ProviderRuntimePolicy.rawPty(),
        request: {
          workingDirectory: options.cwd ?? process.cwd(),
          terminalSize: options.terminalSize ?? DEFAULT_AGENT_TERMINAL_SIZE,
          initialPrompt: options.initialPrompt ?? null,
          sessionOptions: options.sessionOptions ?? null,
          approvalLevel: options.approvalLevel ?? 'ask',
        },
      },
      signal,
    );
  } catch (error) {
    const failure =
      error instanceof Gate4AgentError || signal?.aborted
        ? error
        : AgentSessionError.agentStartFailed(agentId, error);
    // Ends what the launch got to: the dispose waits for its queued commands, so a register or
    // start sent before the failure (or the abort) cannot take effect after it, then removes the
    // instance and ends its MCP launch. When it is refused the instance stays, and its MCP launch
    // with it, until the instance is removed or the runtime is disposed.
    try {
      await session.dispose();
    } catch (cleanup) {
      throw AgentSessionError.launchCleanupFailed(agentId, instanceId, failure, cleanup);
    }
    throw failure;
  }
  return session;
}
