import type { ToolClientSnapshot } from '@gate4agent/handle';
import type {
  CapabilityInputSchema,
  GrantMode,
  PolicyKey,
  ToolCapabilityId,
} from '@gate4agent/tool-protocol';
import type { AgentInstanceId, SessionGeneration } from '@gate4agent/types';

/** A JSON Schema object describing a tool's arguments (MCP requires `type: 'object'`). */
export interface McpInputSchema {
  readonly type: 'object';
  readonly [keyword: string]: unknown;
}

/** The schema of a capability without a configured one: any JSON object. */
export const ANY_OBJECT_SCHEMA: McpInputSchema = { type: 'object', additionalProperties: true };

/**
 * A descriptor's input schema as an MCP one: the same keywords, with `type: 'object'` added when
 * the schema leaves `type` out (the descriptor's validation already refused any other `type`).
 */
export function descriptorInputSchema(schema: CapabilityInputSchema): McpInputSchema {
  return { ...schema, type: 'object' };
}

/** One granted capability as an MCP tool. */
export interface GrantedTool {
  /** The MCP tool name: the capability id with every character outside `[A-Za-z0-9_-]` as `_`. */
  readonly name: string;
  /** The grant behind it (its key names provider, capability and resource scope). */
  readonly key: PolicyKey;
  readonly mode: GrantMode;
  /** The capability's description from its provider's descriptor. */
  readonly description: string;
  /**
   * The JSON Schema of its arguments: the app's override (`McpBridgeOptions.inputSchemas`), else
   * the capability descriptor's `inputSchema`, else {@link ANY_OBJECT_SCHEMA}.
   */
  readonly inputSchema: McpInputSchema;
}

/** The generation the tool engine holds for `instanceId`, or `null` when it has none. */
export function currentGeneration(
  snapshot: ToolClientSnapshot,
  instanceId: AgentInstanceId,
): SessionGeneration | null {
  for (const [instance, generation] of snapshot.generations) {
    if (instance === instanceId) return generation;
  }
  return null;
}

const toolName = (capabilityId: string): string => capabilityId.replace(/[^A-Za-z0-9_-]/g, '_');

/**
 * The tools of one agent session: every grant of the client's snapshot for `instanceId` at its
 * current generation, in the snapshot's (policy-key) order. Names are unique: a second grant of
 * the same capability (another provider or resource scope) gets `_2`, `_3`, … A tool's input
 * schema is `inputSchemas`' entry for its capability, else its descriptor's, else any object.
 */
export function grantedTools(
  snapshot: ToolClientSnapshot,
  instanceId: AgentInstanceId,
  inputSchemas: ReadonlyMap<ToolCapabilityId, McpInputSchema>,
): GrantedTool[] {
  const generation = currentGeneration(snapshot, instanceId);
  if (generation === null) return [];
  const tools: GrantedTool[] = [];
  const used = new Set<string>();
  for (const grant of snapshot.grants) {
    const { key } = grant;
    if (key.instanceId !== instanceId || key.generation !== generation) continue;
    const base = toolName(key.capabilityId).slice(0, 60);
    let name = base;
    for (let n = 2; used.has(name); n += 1) name = `${base}_${n}`;
    used.add(name);
    const provider = snapshot.providers.find((entry) => entry.id === key.providerId);
    const capability = provider?.capabilities.find((entry) => entry.id === key.capabilityId);
    tools.push({
      name,
      key,
      mode: grant.mode,
      description: capability?.description ?? key.capabilityId,
      inputSchema:
        inputSchemas.get(key.capabilityId) ??
        (capability?.inputSchema === undefined
          ? ANY_OBJECT_SCHEMA
          : descriptorInputSchema(capability.inputSchema)),
    });
  }
  return tools;
}

/** A string equal for equal tool lists, to tell when `notifications/tools/list_changed` is due. */
export function toolListSignature(tools: readonly GrantedTool[]): string {
  return JSON.stringify(
    tools.map((tool) => [tool.name, tool.mode, tool.key.providerId, tool.key.resourceScopeId]),
  );
}
