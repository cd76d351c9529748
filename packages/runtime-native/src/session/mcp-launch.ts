import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { McpServerEntry } from '@gate4agent/agent-catalog';
import { planMcpConfig } from '@gate4agent/agent-catalog';
import type { AgentId, AgentInstanceId } from '@gate4agent/types';
import { Gate4AgentError } from '@gate4agent/types';
import type { NativeLaunchOverlay } from '../pty/spawn-native.js';

/** What an {@link McpAttacher} is told about the agent session it serves. */
export interface McpAttachRequest {
  readonly instanceId: AgentInstanceId;
  readonly agentId: AgentId;
  /**
   * The instance's private scratch config directory (0700, removed with the instance). The agent's
   * MCP configuration is written here, never into the user's HOME.
   */
  readonly configDir: string;
  /**
   * Aborted when the caller gives the launch up (`launchAgent`'s `signal`). An attacher that waits
   * on anything slow should stop then and reject with `signal.reason`; whatever it resolves with
   * after an abort is disposed.
   */
  readonly signal?: AbortSignal;
}

/**
 * One agent instance's MCP server, as the attacher set it up; it serves every run of the instance
 * and is disposed once the instance is removed (or the runtime is disposed).
 */
export interface McpAttachment {
  /** How the agent CLI reaches the server (stdio command or HTTP URL). */
  readonly entry: McpServerEntry;
  dispose(): Promise<void>;
}

/**
 * Sets up an MCP server for an agent session about to start (`launchAgent(id, { mcp: true })`).
 * runtime-native defines it and `@gate4agent/mcp`'s `McpBridge` implements it, so the runtime
 * never depends on the bridge.
 */
export interface McpAttacher {
  attach(request: McpAttachRequest): Promise<McpAttachment>;
}

/** A session's MCP launch: what the spawn adds, and what ends with the session. */
export interface PreparedMcpLaunch {
  readonly overlay: NativeLaunchOverlay;
  dispose(): Promise<void>;
}

/**
 * Creates the session's scratch config directory, asks `attacher` for the server entry, writes
 * the agent's own MCP configuration there (agent-catalog's `planMcpConfig`, files mode 0600) and
 * returns the launch overlay. Throws a `Gate4AgentError` (`mcp-unavailable`, `mcp-config-failed`),
 * or the reason of `signal` once it is aborted (the attacher is handed the signal), after undoing
 * what it did.
 */
export async function prepareMcpLaunch(
  attacher: McpAttacher | undefined,
  instanceId: AgentInstanceId,
  agentId: AgentId,
  signal?: AbortSignal,
): Promise<PreparedMcpLaunch> {
  if (attacher === undefined) {
    throw new Gate4AgentError(
      'mcp-unavailable',
      `agent ${agentId} was launched with mcp: true but the runtime has no MCP attacher; pass { mcp: bridge } to NativeRuntime.create (an McpBridge from @gate4agent/mcp)`,
    );
  }
  const configDir = await mkdtemp(join(tmpdir(), 'g4a-agent-config-'));
  let attachment: McpAttachment | null = null;
  const dispose = async () => {
    await attachment?.dispose();
    await rm(configDir, { recursive: true, force: true });
  };
  try {
    attachment = await attacher.attach({
      instanceId,
      agentId,
      configDir,
      ...(signal === undefined ? {} : { signal }),
    });
    signal?.throwIfAborted();
    const planned = planMcpConfig(agentId, attachment.entry, configDir);
    if (!planned.ok) {
      throw new Gate4AgentError('mcp-config-failed', planned.error.message);
    }
    for (const file of planned.value.files) {
      await mkdir(dirname(file.path), { recursive: true, mode: 0o700 });
      await writeFile(file.path, file.contents, { mode: 0o600 });
      await chmod(file.path, 0o600);
    }
    return {
      overlay: { env: planned.value.env, extraArgs: planned.value.args },
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}
