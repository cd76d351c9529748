// NativeRuntime launching an agent with mcp: true through an McpBridge: the agent's own MCP
// configuration lands in a private scratch config directory named by the agent's environment,
// the server it names answers with the session's granted tools, and both end with the session.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { AgentRegistry } from '@gate4agent/agent-catalog';
import { NativeRuntime } from '@gate4agent/runtime-native';
import {
  FIXTURE_RUN_ENV,
  FIXTURE_TIMEOUT,
  fixtureRunTag,
  interactiveAgentSpec,
  isProcessAlive,
  trackProcess,
  useFixtureTracking,
} from '@gate4agent/testkit';
import {
  CapabilityDescriptor,
  ResourceScopeId,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { AgentId, AgentInstanceId, unwrap } from '@gate4agent/types';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { McpBridge } from '../src/mcp-bridge.js';
import { restartCommand } from './support/restart-command.js';

useFixtureTracking({ beforeEach, afterEach });

const providerId = ToolProviderId.of('gate.mcp.launch');
/** Far above the command ids `AgentSession` hands out. */
const RESTART_COMMAND_ID = 1_000_001;
const capabilityId = ToolCapabilityId.of('browser.look');

/** The agent's environment as its process sees it (Linux /proc). */
function environOf(pid: number): Map<string, string> {
  const raw = readFileSync(`/proc/${pid}/environ`, 'utf8');
  return new Map(
    raw
      .split('\0')
      .filter((entry) => entry.includes('='))
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
}

describe('launchAgent with mcp: true', () => {
  it("writes the agent's MCP config into a private scratch dir and removes it with the session", async () => {
    // The fixture agent under opencode's id: the launch gets opencode's MCP configuration.
    const spec = { ...interactiveAgentSpec(), id: AgentId.of('opencode') };
    const bridge = await McpBridge.create(null);
    const { runtime } = unwrap(
      NativeRuntime.create(unwrap(AgentRegistry.create([spec])), {
        mcp: bridge,
        providers: [
          {
            id: providerId,
            owner: { kind: 'gate' },
            capabilities: [unwrap(CapabilityDescriptor.new(capabilityId, 'browser', 'Look'))],
          },
        ],
      }),
    );
    bridge.bind(runtime);
    let client: Client | null = null;
    try {
      const agent = await runtime.launchAgent(spec.id, { mcp: true });
      const pid = agent.processId ?? 0;
      trackProcess(pid, 'fixture agent as opencode', { group: true });
      // The prompt shows once the PTY child has exec'd the agent (before, /proc shows the fork's).
      await agent.waitFor('fixture-ready>', { timeoutMs: FIXTURE_TIMEOUT });
      const configPath = environOf(pid).get('OPENCODE_CONFIG') ?? '';
      expect(configPath).toMatch(/opencode\.json$/);
      expect(statSync(dirname(configPath)).mode & 0o777).toBe(0o700);
      expect(statSync(configPath).mode & 0o777).toBe(0o600);
      expect(configPath.startsWith(process.env.HOME ?? '/nonexistent')).toBe(false);
      const config = JSON.parse(readFileSync(configPath, 'utf8'));
      const server = config.mcp.gate4agent as {
        type: string;
        command: string[];
        environment: Record<string, string>;
      };
      expect(server.type).toBe('local');

      // Start the server the way opencode would, and see the session's grants as tools.
      const endpoint = bridge.sessionOf(agent.instanceId);
      expect(endpoint).toBeDefined();
      const [command = '', ...args] = server.command;
      const transport = new StdioClientTransport({
        command,
        args,
        env: { ...server.environment, [FIXTURE_RUN_ENV]: fixtureRunTag() },
      });
      client = new Client({ name: 'as-opencode', version: '1.0.0' });
      await client.connect(transport);
      if (transport.pid !== null) trackProcess(transport.pid, 'gate4agent-mcp');
      const session = endpoint?.session;
      if (session === undefined || agent.generation === null) throw new Error('no session');
      await runtime.toolAuthority().grant(
        session.grantFor(agent.generation, {
          providerId,
          capabilityId,
          resourceScopeId: ResourceScopeId.of('page'),
        }),
      );
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['browser_look']);

      await agent.stop({ graceMs: 2_000 });
      // The attachment lives as long as the instance, not its run.
      expect(bridge.sessionCount).toBe(1);
      await agent.dispose();
      // dispose() resolves once the instance is removed and its attachment has ended.
      expect(bridge.sessionCount).toBe(0);
      expect(existsSync(configPath)).toBe(false);
      expect(existsSync(dirname(configPath))).toBe(false);
    } finally {
      await client?.close();
      await bridge.dispose();
      await runtime.dispose();
    }
  });

  it('gives a restart through the control handle the same MCP server and configuration', async () => {
    const spec = { ...interactiveAgentSpec(), id: AgentId.of('opencode') };
    const bridge = await McpBridge.create(null);
    const { runtime, handle } = unwrap(
      NativeRuntime.create(unwrap(AgentRegistry.create([spec])), { mcp: bridge }),
    );
    bridge.bind(runtime);
    try {
      const agent = await runtime.launchAgent(spec.id, { mcp: true });
      trackProcess(agent.processId ?? 0, 'fixture agent as opencode', { group: true });
      // The prompt shows once the PTY child has exec'd the agent (before, /proc shows the fork's).
      await agent.waitFor('fixture-ready>', { timeoutMs: FIXTURE_TIMEOUT });
      const configPath = environOf(agent.processId ?? 0).get('OPENCODE_CONFIG') ?? '';
      const endpoint = bridge.sessionOf(agent.instanceId);
      expect(endpoint).toBeDefined();
      await agent.stop({ graceMs: 2_000 });

      // An app restarts the instance itself: stop (above), then start through the control handle.
      unwrap(handle.dispatch(restartCommand(RESTART_COMMAND_ID, agent.instanceId)));
      const restarted = await runtime.waitUntil(() => {
        const row = handle.snapshot().sessions.find((s) => s.instanceId === agent.instanceId);
        if (row?.status.kind === 'failed') throw new Error(row.status.message);
        const ready = row?.terminalFrame?.contents.includes('fixture-ready>') ?? false;
        return row?.status.kind === 'running' && row.processId !== null && ready ? row : null;
      });
      const pid = restarted.processId ?? 0;
      trackProcess(pid, 'restarted fixture agent as opencode', { group: true });
      expect(environOf(pid).get('OPENCODE_CONFIG')).toBe(configPath);
      expect(existsSync(configPath)).toBe(true);
      expect(bridge.sessionOf(agent.instanceId)).toBe(endpoint);
      expect(bridge.sessionCount).toBe(1);

      await agent.dispose();
      expect(isProcessAlive(pid)).toBe(false);
      expect(bridge.sessionCount).toBe(0);
      expect(existsSync(dirname(configPath))).toBe(false);
    } finally {
      await bridge.dispose();
      await runtime.dispose();
    }
  });

  it('fails a launch with mcp: true when the runtime has no attacher, and starts nothing', async () => {
    const spec = { ...interactiveAgentSpec(), id: AgentId.of('opencode') };
    const { runtime } = unwrap(NativeRuntime.create(unwrap(AgentRegistry.create([spec]))));
    try {
      await expect(runtime.launchAgent(spec.id, { mcp: true })).rejects.toMatchObject({
        kind: 'mcp-unavailable',
      });
      expect(runtime.activeNativeSessions()).toBe(0);
    } finally {
      await runtime.dispose();
    }
  });

  it('gives an attach up when its signal aborts: the reason rejects and no session stays open', async () => {
    const spec = { ...interactiveAgentSpec(), id: AgentId.of('opencode') };
    const bridge = await McpBridge.create(null);
    const { runtime } = unwrap(NativeRuntime.create(unwrap(AgentRegistry.create([spec]))));
    bridge.bind(runtime);
    try {
      const request = {
        instanceId: AgentInstanceId.of(7),
        agentId: spec.id,
        configDir: '/nowhere',
      };
      const early = new AbortController();
      const before = new Error('aborted before the attach');
      early.abort(before);
      await expect(bridge.attach({ ...request, signal: early.signal })).rejects.toBe(before);
      // Aborted while the session opens: the endpoint it opened is disposed again.
      const late = new AbortController();
      const during = new Error('aborted while the session opened');
      const attaching = bridge.attach({ ...request, signal: late.signal });
      late.abort(during);
      await expect(attaching).rejects.toBe(during);
      expect(bridge.sessionCount).toBe(0);
      expect(bridge.sessionOf(request.instanceId)).toBeUndefined();
    } finally {
      await bridge.dispose();
      await runtime.dispose();
    }
  });
});
