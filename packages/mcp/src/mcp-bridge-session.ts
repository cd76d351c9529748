import type { ToolClientHandle } from '@gate4agent/handle';
import type {
  GrantMode,
  PolicyGrant,
  ResourceScopeId,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { CapabilityRequestId, CapabilityRequestInput } from '@gate4agent/tool-protocol';
import type { AgentInstanceId, SessionGeneration } from '@gate4agent/types';
import { Gate4AgentError, utf8ByteLength } from '@gate4agent/types';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { reportApprovalProgress } from './approval-progress.js';
import { completionResult, errorResult } from './completion-result.js';
import { MCP_ARGUMENTS_MAX_BYTES } from './constants.js';
import {
  currentGeneration,
  type GrantedTool,
  grantedTools,
  type McpInputSchema,
  toolListSignature,
} from './granted-tools.js';
import type { McpBridgeHost } from './mcp-bridge-host.js';
import { McpToolError } from './mcp-tool-error.js';

/** What a `tools/call` handler receives besides the request (the SDK's `RequestHandlerExtra`). */
export interface McpCallContext {
  /** Aborted when the MCP client sends `notifications/cancelled` or disconnects. */
  readonly signal: AbortSignal;
  /** The client's progress token, when it asked for progress. */
  readonly progressToken?: string | number | undefined;
  /** Sends a notification on the request's stream. */
  readonly sendProgress: (progress: number, message: string) => Promise<void>;
}

/** Settings of one session, from {@link McpBridgeOptions}. */
export interface McpSessionSettings {
  readonly inputSchemas: ReadonlyMap<ToolCapabilityId, McpInputSchema>;
  readonly deadlineTicks: number;
  readonly onError: (error: unknown) => void;
}

/** The coordinates of a grant for {@link McpBridgeSession.grantFor}. */
export interface McpGrantTarget {
  readonly providerId: ToolProviderId;
  readonly capabilityId: ToolCapabilityId;
  readonly resourceScopeId: ResourceScopeId;
  /** Default `'allow'`. */
  readonly mode?: GrantMode;
}

/**
 * One agent session as the bridge serves it: its own tool client, the tools its grants name at
 * the session's current generation, and every MCP connection (stdio or HTTP) open to it. A grant
 * appearing or going sends `notifications/tools/list_changed` to every connection.
 */
export class McpBridgeSession {
  /** The agent session whose grants become tools. */
  readonly instanceId: AgentInstanceId;
  /** The tool client every call of this session goes through; grant to its consumer and actor. */
  readonly client: ToolClientHandle;
  readonly #host: McpBridgeHost;
  readonly #settings: McpSessionSettings;
  readonly #servers = new Set<Server>();
  readonly #unsubscribe: () => void;
  #signature: string;
  #nextLocalId = 1;
  #disposed = false;

  /** @internal Built by `McpBridge.openSession`. */
  constructor(
    host: McpBridgeHost,
    client: ToolClientHandle,
    instanceId: AgentInstanceId,
    settings: McpSessionSettings,
  ) {
    this.#host = host;
    this.client = client;
    this.instanceId = instanceId;
    this.#settings = settings;
    this.#signature = toolListSignature(this.tools());
    this.#unsubscribe = host.onPublish(() => this.#publicationSeen());
  }

  /** The generation the tool engine holds for the session, `null` before it is known. */
  get generation(): SessionGeneration | null {
    return currentGeneration(this.client.snapshot(), this.instanceId);
  }

  /** The tools this session may call now, as `tools/list` shows them. */
  tools(): GrantedTool[] {
    return grantedTools(this.client.snapshot(), this.instanceId, this.#settings.inputSchemas);
  }

  /**
   * The grant that makes `target` a tool of this session at `generation` (the agent session's,
   * `AgentSession.generation`); pass it to `ToolAuthorityHandle.grant`.
   */
  grantFor(generation: SessionGeneration, target: McpGrantTarget): PolicyGrant {
    return {
      key: {
        consumerId: this.client.consumerId(),
        actorId: this.client.actorId(),
        instanceId: this.instanceId,
        generation,
        providerId: target.providerId,
        capabilityId: target.capabilityId,
        resourceScopeId: target.resourceScopeId,
      },
      mode: target.mode ?? 'allow',
    };
  }

  /** @internal Adds an MCP connection; it is dropped when it closes. */
  addServer(server: Server): void {
    if (this.#disposed) {
      throw new Gate4AgentError(
        'session-closed',
        `MCP bridge session of agent session ${this.instanceId} is disposed; open a new session`,
      );
    }
    this.#servers.add(server);
    const previous = server.onclose;
    server.onclose = () => {
      this.#servers.delete(server);
      previous?.();
    };
  }

  /** MCP connections open now. */
  get connections(): number {
    return this.#servers.size;
  }

  #publicationSeen(): void {
    const signature = toolListSignature(this.tools());
    if (signature === this.#signature) return;
    this.#signature = signature;
    for (const server of this.#servers) {
      if (server.transport === undefined) continue;
      server.sendToolListChanged().catch((error: unknown) => this.#settings.onError(error));
    }
  }

  /**
   * `tools/call`: a request bound to this session through its tool client; resolves with the MCP
   * result (never rejects for a tool failure: that is an `isError` result).
   */
  async call(name: string, args: unknown, context: McpCallContext): Promise<CallToolResult> {
    const tool = this.tools().find((entry) => entry.name === name);
    if (tool === undefined) {
      return errorResult(McpToolError.unknownTool(name, this.instanceId, this.generation));
    }
    const argumentsValue = args ?? {};
    if (typeof argumentsValue !== 'object' || Array.isArray(argumentsValue)) {
      const got = Array.isArray(argumentsValue) ? 'an array' : typeof argumentsValue;
      return errorResult(McpToolError.invalidArguments(name, got));
    }
    const json = JSON.stringify(argumentsValue);
    const bytes = utf8ByteLength(json);
    if (bytes > MCP_ARGUMENTS_MAX_BYTES) {
      return errorResult(McpToolError.argumentsTooLarge(name, bytes, MCP_ARGUMENTS_MAX_BYTES));
    }
    const localId = CapabilityRequestId.of(this.#nextLocalId);
    this.#nextLocalId += 1;
    const input = CapabilityRequestInput.of({
      localId,
      instanceId: tool.key.instanceId,
      generation: tool.key.generation,
      providerId: tool.key.providerId,
      capabilityId: tool.key.capabilityId,
      resourceScopeId: tool.key.resourceScopeId,
      approvalSummary: approvalSummary(name, json),
      deadlineTick: this.client.snapshot().currentTick + this.#settings.deadlineTicks,
      payload: new TextEncoder().encode(json),
    });
    const { progressToken } = context;
    const stopProgress =
      tool.mode === 'require-approval' && progressToken !== undefined
        ? reportApprovalProgress(
            this.client,
            (listener) => this.#host.onPublish(listener),
            localId,
            name,
            (progress, message) => {
              context
                .sendProgress(progress, message)
                .catch((error: unknown) => this.#settings.onError(error));
            },
          )
        : () => {};
    try {
      const completion = await this.client.request(input, { signal: context.signal });
      return completionResult(name, completion);
    } catch (error) {
      if (context.signal.aborted) throw error;
      const message = error instanceof Error ? error.message : String(error);
      return errorResult(McpToolError.requestRefused(name, message));
    } finally {
      stopProgress();
    }
  }

  /** Closes every MCP connection of this session and stops following publications. */
  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#unsubscribe();
    const servers = [...this.#servers];
    this.#servers.clear();
    await Promise.all(
      servers.map((server) =>
        server.close().catch((error: unknown) => this.#settings.onError(error)),
      ),
    );
    // An already closed client is fine: nothing is left to release.
    this.#host.toolAuthority().closeClient(this.client);
  }
}

const SUMMARY_ARGUMENTS_MAX_CHARS = 400;

/** The approval summary an operator reads: the tool and its arguments, clipped (no newlines). */
function approvalSummary(tool: string, json: string): string {
  const clipped =
    json.length > SUMMARY_ARGUMENTS_MAX_CHARS
      ? `${json.slice(0, SUMMARY_ARGUMENTS_MAX_CHARS)}…`
      : json;
  return `MCP call of ${tool} with ${clipped}`.replace(/\p{Cc}/gu, ' ');
}
