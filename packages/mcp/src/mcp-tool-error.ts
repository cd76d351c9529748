import type { CapabilityTerminalOutcome, PolicyDenial } from '@gate4agent/tool-protocol';

/**
 * Why a bridged `tools/call` did not succeed. The MCP result is `isError: true` with `message` as
 * its text (what happened, with the values, and what to do), and `kind` under
 * `_meta['gate4agent/error']` so a program can tell the cases apart.
 */
export type McpToolErrorKind =
  | 'unknown-tool'
  | 'invalid-arguments'
  | 'arguments-too-large'
  | 'request-refused'
  | 'policy-denied'
  | 'approval-denied'
  | 'grant-revoked'
  | 'timed-out'
  | 'superseded'
  | 'instance-closed'
  | 'client-closed'
  | 'client-cancelled'
  | 'provider-detached'
  | 'failed'
  | 'result-too-large';

/** One bridged call's failure: a kind and a message for the agent (and its operator). */
export interface McpToolError {
  readonly kind: McpToolErrorKind;
  readonly tool: string;
  readonly message: string;
}

const make = (kind: McpToolErrorKind, tool: string, message: string): McpToolError => ({
  kind,
  tool,
  message,
});

function denialText(reason: PolicyDenial): string {
  switch (reason.kind) {
    case 'missing-grant':
      return 'no grant covers it';
    case 'stale-generation':
      return `the agent session is now at generation ${reason.current}`;
    case 'unknown-instance':
      return 'the agent session is unknown to the tool engine';
    case 'inactive-instance':
      return 'the agent session is not active';
    case 'unknown-provider':
      return 'its provider is not registered';
    case 'unknown-capability':
      return 'its provider does not serve it';
    case 'provider-owner-mismatch':
      return "its provider's owner does not match the session";
  }
}

/** One factory per {@link McpToolErrorKind}. */
export const McpToolError = {
  /** The name is not one of the tools granted to this session right now. */
  unknownTool: (tool: string, instanceId: number, generation: number | null): McpToolError =>
    make(
      'unknown-tool',
      tool,
      `tool ${tool} is not granted to agent session ${instanceId} (generation ${generation ?? 'none'}); list the tools again and call one of those`,
    ),
  /** The arguments are not a JSON object. */
  invalidArguments: (tool: string, got: string): McpToolError =>
    make(
      'invalid-arguments',
      tool,
      `the arguments of tool ${tool} must be a JSON object, got ${got}; call it again with an object`,
    ),
  /** The JSON arguments exceed {@link MCP_ARGUMENTS_MAX_BYTES}. */
  argumentsTooLarge: (tool: string, bytes: number, limit: number): McpToolError =>
    make(
      'arguments-too-large',
      tool,
      `the arguments of tool ${tool} are ${bytes} bytes of JSON, over the ${limit}-byte limit; send a smaller input (for example a path instead of the content)`,
    ),
  /** The tool client refused to send the request (`reason` is its message). */
  requestRefused: (tool: string, reason: string): McpToolError =>
    make(
      'request-refused',
      tool,
      `the call of tool ${tool} was not sent: ${reason}; read the reason, then retry`,
    ),
  /** The result is over {@link MCP_RESULT_MAX_BYTES}. */
  resultTooLarge: (tool: string, bytes: number, limit: number): McpToolError =>
    make(
      'result-too-large',
      tool,
      `tool ${tool} returned ${bytes} bytes, over the ${limit}-byte limit of the bridge; call it again asking for less output`,
    ),
  /** A terminal outcome other than `succeeded`. */
  fromOutcome: (
    tool: string,
    outcome: Exclude<CapabilityTerminalOutcome, { kind: 'succeeded' }>,
  ): McpToolError => {
    switch (outcome.kind) {
      case 'policy-denied':
        return make(
          'policy-denied',
          tool,
          `the call of tool ${tool} was denied by policy: ${denialText(outcome.reason)}; ask the operator for a grant, then list the tools again`,
        );
      case 'approval-denied':
        return make(
          'approval-denied',
          tool,
          `the operator denied the call of tool ${tool}; do not retry it unless the operator asks you to`,
        );
      case 'grant-revoked':
        return make(
          'grant-revoked',
          tool,
          `the grant of tool ${tool} was revoked and the call was stopped; do not retry it unless the tool is listed again`,
        );
      case 'timed-out':
        return make(
          'timed-out',
          tool,
          `the call of tool ${tool} passed its deadline and was stopped; retry with a smaller request or ask the operator for a longer deadline`,
        );
      case 'superseded':
        return make(
          'superseded',
          tool,
          `the agent session moved to generation ${outcome.currentGeneration} and the call of tool ${tool} was stopped; list the tools again and call it under the new generation`,
        );
      case 'instance-closed':
        return make(
          'instance-closed',
          tool,
          `the agent session closed and the call of tool ${tool} was stopped; wait until the session runs again, then list the tools again (a restarted session has only the grants made for it)`,
        );
      case 'client-closed':
        return make(
          'client-closed',
          tool,
          `the bridge's tool client closed and the call of tool ${tool} was stopped; start a new MCP connection to the bridge`,
        );
      case 'client-cancelled':
        return make(
          'client-cancelled',
          tool,
          `the call of tool ${tool} was cancelled and its work was stopped; call it again if it is still needed`,
        );
      case 'provider-detached':
        return make(
          'provider-detached',
          tool,
          `the provider of tool ${tool} retired and the call was stopped; retry once the tool is listed again`,
        );
      case 'failed':
        return make(
          'failed',
          tool,
          `tool ${tool} failed (${outcome.failure.kind}): ${outcome.failure.redactedMessage ?? 'no message'}; read the message, fix the input and retry if it says so`,
        );
    }
  },
};
