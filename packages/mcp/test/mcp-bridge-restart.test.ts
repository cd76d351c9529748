// An agent session restarted under the same instance while an MCP call is in flight, over stdio
// and Streamable HTTP, with the SDK's own Client, a real fixture agent and provider children.
//
// Why this ends `instance-closed` and not `superseded`: the kernel syncs an instance into the tool
// engine after every command and every applied observation (kernel/src/kernel/reconcile.ts and
// step-control-plane.ts; control-engine spec §12.5). A `start` (kernel commands/start.ts) is the
// only thing that moves a live session's generation, and it is refused unless the session is
// registered, exited or failed. So every restart passes through a non-running status first, whose
// sync deactivates the instance and closes its live requests `instance-closed` (tool-engine
// set-instance-state.ts) before `setGeneration` (set-generation.ts) could supersede them. Upstream
// gate4agent is the same (its `Resume` is refused while running too); its tests reach
// `superseded` only by calling the tool engine's `set_generation` directly. The supersede branch
// is kept as a safety net and its MCP text is tested as a unit (completion-result.test.ts); this
// file pins down what a restart really does to a call, end to end.
import type { ToolCompletionSubscription } from '@gate4agent/handle';
import { isProcessAlive, trackProcess, useFixtureTracking } from '@gate4agent/testkit';
import type { CapabilityTerminalOutcome } from '@gate4agent/tool-protocol';
import { CommandId, type SessionGeneration, type SessionSnapshot, unwrap } from '@gate4agent/types';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type BridgeHarness,
  bridgeHarness,
  CAPABILITY_ID,
  PROVIDER_ID,
  SCOPE,
} from './support/bridge-harness.js';
import { callTool, errorKind, text } from './support/call-tool.js';
import { restartCommand } from './support/restart-command.js';

useFixtureTracking({ beforeEach, afterEach });

const TOOL = 'browser_echo';
/** Far above the ids `AgentSession` hands out, so its command events never match ours. */
const RESTART_COMMAND_ID = 1_000_001;
const STOP_COMMAND_ID = 1_000_002;

/** The session's row in the published control snapshot. */
const rowOf = (h: BridgeHarness): SessionSnapshot | undefined =>
  h.handle.snapshot().sessions.find((session) => session.instanceId === h.agent.instanceId);

/**
 * Starts the exited session again under the same instance through the public control handle, as
 * an app restarts an agent, and resolves with the running row of the new generation.
 */
async function restartSession(h: BridgeHarness): Promise<SessionSnapshot> {
  unwrap(h.handle.dispatch(restartCommand(RESTART_COMMAND_ID, h.agent.instanceId)));
  const row = await h.runtime.waitUntil(() => {
    const current = rowOf(h);
    if (current?.status.kind === 'failed') {
      throw new Error(`the restarted fixture agent failed: ${current.status.message}`);
    }
    return current?.status.kind === 'running' && current.processId !== null ? current : undefined;
  });
  if (row.processId !== null) {
    trackProcess(row.processId, 'restarted fixture agent', { group: true });
  }
  return row;
}

/** Stops the restarted incarnation (the `AgentSession` object only follows the first one). */
async function stopRestarted(h: BridgeHarness): Promise<void> {
  unwrap(
    h.handle.dispatch({
      id: CommandId.of(STOP_COMMAND_ID),
      command: { kind: 'stop', instanceId: h.agent.instanceId, force: true },
    }),
  );
  await h.runtime.waitUntil(() => {
    const kind = rowOf(h)?.status.kind;
    return kind === 'exited' || kind === 'failed';
  });
}

/** The terminal outcomes the session's tool client received so far, in order. */
function outcomes(deliveries: ToolCompletionSubscription): CapabilityTerminalOutcome['kind'][] {
  const kinds: CapabilityTerminalOutcome['kind'][] = [];
  for (let next = deliveries.tryRecv(); next.ok; next = deliveries.tryRecv()) {
    if (next.value.kind === 'completion') kinds.push(next.value.completion.outcome.kind);
  }
  return kinds;
}

for (const transport of ['stdio', 'http'] as const) {
  describe(`MCP bridge over ${transport} across an agent restart under the same instance`, () => {
    it('ends the in-flight call instance-closed with one completion and the provider child reaped, then serves the new generation on the same connection', async () => {
      await using h = await bridgeHarness();
      const completions = h.endpoint.session.client.subscribeCompletions(32);
      await h.grant();
      const client: Client = transport === 'stdio' ? await h.stdioClient() : await h.httpClient();
      let changed: () => void = () => {};
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => changed());
      const nextChange = () => new Promise<void>((resolve) => (changed = resolve));
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([TOOL]);

      const held = callTool(client, { name: TOOL, arguments: { op: 'hold' } });
      const [operationId, pid] = await h.runtime.waitUntil(() => [...h.pids.entries()][0]);
      expect(isProcessAlive(pid)).toBe(true);

      // The agent stops: its instance goes inactive before any generation can move.
      const emptied = nextChange();
      await h.agent.stop();
      const result = await held;
      expect(result.isError).toBe(true);
      expect(errorKind(result)).toBe('instance-closed');
      expect(text(result)).toContain(`the agent session closed and the call of tool ${TOOL}`);
      expect(text(result)).toContain(
        'wait until the session runs again, then list the tools again',
      );
      const ack = await h.ackOf(operationId);
      expect(ack.stopCause).toEqual({ kind: 'cancellation', reason: 'instance-closed' });
      expect(isProcessAlive(pid)).toBe(false);
      await emptied;
      expect((await client.listTools()).tools).toEqual([]);

      // Started again under the same instance: a new generation, the same MCP connection.
      const restarted = await restartSession(h);
      try {
        const generation: SessionGeneration = restarted.generation;
        expect(generation).toBeGreaterThan(h.generation);
        await h.runtime.waitUntil(() => h.endpoint.session.generation === generation);
        expect((await client.listTools()).tools).toEqual([]);

        // The old generation's grant is gone for good; a grant for the new one lists the tool.
        const listed = nextChange();
        await h.runtime.toolAuthority().grant(
          h.endpoint.session.grantFor(generation, {
            providerId: PROVIDER_ID,
            capabilityId: CAPABILITY_ID,
            resourceScopeId: SCOPE,
          }),
        );
        await listed;
        expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([TOOL]);
        const echoed = await callTool(client, {
          name: TOOL,
          arguments: { op: 'echo', text: 'again' },
        });
        expect(echoed.isError).toBeFalsy();
        expect(JSON.parse(text(echoed)).echoed).toBe('again');

        // Exactly one completion per call: the closed one and the new one, never a supersede.
        expect(outcomes(completions)).toEqual(['instance-closed', 'succeeded']);
      } finally {
        await stopRestarted(h);
        completions.close();
      }
    });
  });
}
