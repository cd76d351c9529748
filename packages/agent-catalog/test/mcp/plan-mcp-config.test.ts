import { describe, expect, it } from 'vitest';
import type { McpServerEntry } from '../../src/mcp/mcp-server-entry.js';
import { CODEX_MCP_TOKEN_ENV, planMcpConfig } from '../../src/mcp/plan-mcp-config.js';

const stdio: McpServerEntry = {
  kind: 'stdio',
  name: 'gate4agent',
  command: '/usr/bin/node',
  args: ['/opt/g4a/gate4agent-mcp.js'],
  env: { GATE4AGENT_MCP_SOCKET: '/tmp/d/s1.sock', GATE4AGENT_MCP_SECRET: 'abc' },
};
const http: McpServerEntry = {
  kind: 'http',
  name: 'gate4agent',
  url: 'http://127.0.0.1:4000/mcp/r1',
  headers: { Authorization: 'Bearer tok' },
};
const DIR = '/tmp/session-7/config';
const planned = (agentId: string, entry: McpServerEntry) => {
  const result = planMcpConfig(agentId, entry, DIR);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};
const file = (agentId: string, entry: McpServerEntry) =>
  JSON.parse(planned(agentId, entry).files[0]?.contents ?? 'null');

describe('planMcpConfig', () => {
  it("writes Claude Code's --mcp-config file", () => {
    const config = planned('claude', stdio);
    expect(config.args).toEqual([`--mcp-config=${DIR}/claude-mcp.json`]);
    expect(config.files[0]?.path).toBe(`${DIR}/claude-mcp.json`);
    expect(file('claude', stdio)).toEqual({
      mcpServers: {
        gate4agent: { type: 'stdio', command: '/usr/bin/node', args: stdio.args, env: stdio.env },
      },
    });
    expect(file('claude', http).mcpServers.gate4agent).toEqual({
      type: 'http',
      url: http.url,
      headers: http.headers,
    });
  });

  it('gives Codex -c overrides and keeps the secrets out of its argv', () => {
    const config = planned('codex', stdio);
    expect(config.files).toEqual([]);
    expect(config.args).toEqual([
      '-c',
      'mcp_servers.gate4agent.command="/usr/bin/node"',
      '-c',
      'mcp_servers.gate4agent.args=["/opt/g4a/gate4agent-mcp.js"]',
      '-c',
      'mcp_servers.gate4agent.env_vars=["GATE4AGENT_MCP_SOCKET","GATE4AGENT_MCP_SECRET"]',
    ]);
    expect(config.args.join(' ')).not.toContain('abc');
    expect(config.env).toEqual([
      { key: 'GATE4AGENT_MCP_SOCKET', value: '/tmp/d/s1.sock' },
      { key: 'GATE4AGENT_MCP_SECRET', value: 'abc' },
    ]);
    const remote = planned('codex', http);
    expect(remote.args).toEqual([
      '-c',
      'mcp_servers.gate4agent.url="http://127.0.0.1:4000/mcp/r1"',
      '-c',
      `mcp_servers.gate4agent.bearer_token_env_var="${CODEX_MCP_TOKEN_ENV}"`,
    ]);
    expect(remote.env).toEqual([{ key: CODEX_MCP_TOKEN_ENV, value: 'tok' }]);
  });

  it('points Gemini at a scratch home and Qwen at a system settings file', () => {
    for (const [agent, key, value, path] of [
      [
        'gemini',
        'GEMINI_CLI_HOME',
        `${DIR}/gemini-home`,
        `${DIR}/gemini-home/.gemini/settings.json`,
      ],
      [
        'qwen-code',
        'QWEN_CODE_SYSTEM_SETTINGS_PATH',
        `${DIR}/qwen-code-settings.json`,
        `${DIR}/qwen-code-settings.json`,
      ],
    ] as const) {
      const config = planned(agent, stdio);
      expect(config.env).toEqual([{ key, value }]);
      expect(config.files[0]?.path).toBe(path);
      expect(file(agent, stdio).mcpServers.gate4agent).toEqual({
        command: '/usr/bin/node',
        args: stdio.args,
        env: stdio.env,
      });
      expect(file(agent, http).mcpServers.gate4agent).toEqual({
        httpUrl: http.url,
        headers: http.headers,
      });
    }
  });

  it('points opencode at its own config file through OPENCODE_CONFIG', () => {
    expect(planned('opencode', stdio).env).toEqual([
      { key: 'OPENCODE_CONFIG', value: `${DIR}/opencode.json` },
    ]);
    expect(file('opencode', stdio).mcp.gate4agent).toEqual({
      type: 'local',
      command: ['/usr/bin/node', '/opt/g4a/gate4agent-mcp.js'],
      environment: stdio.env,
      enabled: true,
    });
    expect(file('opencode', http).mcp.gate4agent).toEqual({
      type: 'remote',
      url: http.url,
      headers: http.headers,
      enabled: true,
    });
  });

  it('refuses an agent without a writer and an entry it cannot write safely', () => {
    const unsupported = planMcpConfig('grok', stdio, DIR);
    expect(unsupported.ok).toBe(false);
    if (!unsupported.ok) {
      expect(unsupported.error.kind).toBe('unsupported-agent');
      expect(unsupported.error.message).toContain('agent grok has no MCP configuration writer');
    }
    const badName = planMcpConfig('claude', { ...stdio, name: 'a b' }, DIR);
    expect(!badName.ok && badName.error.kind).toBe('invalid-entry');
    const badEnv = planMcpConfig('codex', { ...stdio, env: { 'A=B': 'x' } }, DIR);
    expect(!badEnv.ok && badEnv.error.message).toContain('variable name');
  });
});
