import type { AgentId, ControlSnapshot, AgentInstanceId as InstanceId } from '@gate4agent/types';
import {
  AgentInstanceId,
  CommandId,
  Gate4AgentError,
  ProviderRuntimePolicy,
} from '@gate4agent/types';
import { DEFAULT_AGENT_TERMINAL_SIZE } from '../constants.js';
import type { NativeLaunchOverlay } from '../pty/spawn-native.js';
import { AgentSession, type AgentSessionHost } from '../session/agent-session.js';
import { AgentSessionError } from '../session/agent-session-error.js';
import type { LaunchAgentOptions } from '../session/launch-agent-options.js';
import {
  type McpAttacher,
  type PreparedMcpLaunch,
  prepareMcpLaunch,
} from '../session/mcp-launch.js';

/** The runtime's MCP attacher and the launch overlays its effect dispatcher reads. */
export interface McpLaunchContext {
  readonly attacher: McpAttacher | undefined;
  readonly overlays: Map<number, NativeLaunchOverlay>;
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
  mcp: McpLaunchContext = { attacher: undefined, overlays: new Map() },
): Promise<AgentSession> {
  const { signal } = options;
  signal?.throwIfAborted();
  let prepared: PreparedMcpLaunch | null = null;
  if (options.mcp === true) {
    prepared = await prepareMcpLaunch(mcp.attacher, instanceId, agentId);
    mcp.overlays.set(instanceId, prepared.overlay);
  }
  // Once, whichever comes first: the session's exit or a failed launch.
  let mcpEnded: Promise<void> | null = null;
  const endMcp = () => {
    mcpEnded ??= (async () => {
      mcp.overlays.delete(instanceId);
      await prepared?.dispose();
    })();
    return mcpEnded;
  };
  const session = new AgentSession(host, instanceId, agentId);
  // The session's MCP server and scratch config end with the session.
  if (prepared !== null) {
    session.exited.then(endMcp).catch((error: unknown) => {
      // Never swallowed: re-thrown in a later macrotask (ARCHITECTURE decision 17).
      setTimeout(() => {
        throw error;
      });
    });
  }
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
    // start sent before the failure (or the abort) cannot take effect after it.
    try {
      await session.dispose();
    } catch (cleanup) {
      throw AgentSessionError.launchCleanupFailed(agentId, instanceId, failure, cleanup);
    } finally {
      await endMcp();
    }
    throw failure;
  }
  return session;
}
