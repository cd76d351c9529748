// Each pinned CLI, given the MCP configuration agent-catalog writes for a live McpBridge session
// (the stdio entry through gate4agent-mcp), reports the gate4agent server offline with its own
// `mcp list`. None of the five lists a server's tools there, so tools are not checked here.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AgentRegistry, planMcpConfig } from '@gate4agent/agent-catalog';
import { McpBridge, type McpSessionEndpoint } from '@gate4agent/mcp';
import { NativeRuntime } from '@gate4agent/runtime-native';
import { AgentInstanceId, unwrap } from '@gate4agent/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentSandbox, createRunRoot } from '../src/agent-sandbox.js';
import { installAgent } from '../src/install-agent.js';
import { REAL_AGENTS } from '../src/real-agents.js';
import { killSandboxProcesses } from '../src/sandbox-processes.js';

/** How long one `mcp list` may take offline (it starts the server and asks it), in ms. */
const MCP_LIST_TIMEOUT_MS = 90_000;
/** Attempts per CLI: a CLI's own connect timeout can pass on this shared, slow machine. */
const ATTEMPTS = 3;

const runRoot = createRunRoot();
const { runtime } = unwrap(NativeRuntime.create(unwrap(AgentRegistry.create([]))));
let bridge: McpBridge;
let endpoint: McpSessionEndpoint;

beforeAll(async () => {
  runtime.start();
  bridge = await McpBridge.create(runtime);
  endpoint = await bridge.openSession(AgentInstanceId.of(1));
});

afterAll(async () => {
  await bridge.dispose();
  await runtime.dispose();
  const leaked = killSandboxProcesses(runRoot);
  rmSync(runRoot, { recursive: true, force: true });
  expect(leaked).toEqual([]);
});

const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

function run(bin: string, args: string[], env: Record<string, string>, cwd: string) {
  return new Promise<string>((resolve) => {
    execFile(bin, args, { env, cwd, timeout: MCP_LIST_TIMEOUT_MS }, (error, stdout, stderr) =>
      resolve(stripAnsi(`${error === null ? '' : `(${error.message})\n`}${stdout}\n${stderr}`)),
    );
  });
}

/** What each CLI prints for a server it connected to (codex only checks its configuration). */
const EXPECTED: Record<string, RegExp> = {
  claude: /gate4agent: \S+ \S+gate4agent-mcp\.js - ✔ Connected/,
  codex:
    /gate4agent\s+\S+\s+\S+gate4agent-mcp\.js\s+GATE4AGENT_MCP_SOCKET=\*+, GATE4AGENT_MCP_SECRET=\*+\s+-\s+enabled/,
  gemini: /✓ gate4agent: \S+ \S+gate4agent-mcp\.js \(stdio\) - Connected/,
  'qwen-code': /✓ gate4agent: \S+ \S+gate4agent-mcp\.js \(stdio\) - Connected/,
  opencode: /✓ gate4agent\s+connected/,
};

for (const agent of REAL_AGENTS) {
  describe(`${agent.packageName}@${agent.version}`, () => {
    it('reports the generated gate4agent MCP server with its own mcp list', async () => {
      const cli = await installAgent(agent);
      const sandbox = createAgentSandbox(runRoot, `${agent.agentId}-mcp`);
      const configDir = join(sandbox.root, 'config');
      mkdirSync(configDir, { mode: 0o700 });
      const plan = unwrap(planMcpConfig(agent.agentId, endpoint.stdio, configDir));
      for (const file of plan.files) {
        mkdirSync(dirname(file.path), { recursive: true, mode: 0o700 });
        writeFileSync(file.path, file.contents, { mode: 0o600 });
      }
      const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: sandbox.home };
      for (const { key, value } of plan.env) if (value !== null) env[key] = value;
      let args = [...plan.args, 'mcp', 'list'];
      if (agent.agentId === 'claude') {
        // `claude mcp list` reads only configured scopes, not --mcp-config: the same server JSON
        // goes into the project's .mcp.json, approved in the sandbox HOME.
        writeFileSync(join(sandbox.cwd, '.mcp.json'), plan.files[0]?.contents ?? '');
        writeFileSync(
          join(sandbox.home, '.claude.json'),
          JSON.stringify({
            projects: {
              [sandbox.cwd]: {
                enabledMcpjsonServers: ['gate4agent'],
                hasTrustDialogAccepted: true,
              },
            },
          }),
        );
        args = ['mcp', 'list'];
      }
      // Gemini lists servers of untrusted folders as disabled; the trust dialog is the operator's.
      if (agent.agentId === 'gemini') env.GEMINI_CLI_TRUST_WORKSPACE = 'true';
      const expected = EXPECTED[agent.agentId] ?? /never/;
      let output = '';
      for (let attempt = 0; attempt < ATTEMPTS && !expected.test(output); attempt += 1) {
        output = await run(cli.binPath, args, env, sandbox.cwd);
      }
      expect(output).toMatch(expected);
      expect(output).not.toContain(endpoint.stdio.env.GATE4AGENT_MCP_SECRET ?? 'no secret');
    });
  });
}
