// Each pinned CLI, given the MCP configuration agent-catalog writes for a live McpBridge session
// (the stdio entry through gate4agent-mcp), reports the gate4agent server offline, and, where the
// CLI has an offline way to show a server's tools, lists exactly the granted ones.
//
// What each CLI can show offline (checked against these pinned versions):
// - claude 2.1.197: `claude mcp list` connects and reports status only. Its print mode's first
//   stream-json event (`system`/`init`) lists the tools of every connected server, before it finds
//   it is not logged in; MCP_CONNECTION_NONBLOCKING=false makes it wait for the connection.
// - qwen 0.15.10: `qwen mcp list` reports status only; its print mode's `system`/`init` event lists
//   the tools too. It needs an auth type first: an OpenAI-compatible one whose base URL is a
//   closed loopback port, so the one model request fails at once and nothing leaves the machine.
// - codex 0.171.0: `codex mcp list` and `mcp get` read the configuration and never start the
//   server ("Output the configured servers as JSON"; no status, no tools), so only what codex
//   says is checked: the server listed, enabled, with our command, args and forwarded variables.
// - gemini 0.61.0 and opencode 1.18.33: `mcp list` connects and reports status only; gemini's print
//   mode refuses to start without credentials; `opencode debug agent build` and the
//   `/experimental/tool` list of `opencode serve` show built-in tools only (opencode adds MCP
//   tools when a prompt runs). Their tools are not checked.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AgentRegistry, planMcpConfig } from '@gate4agent/agent-catalog';
import { McpBridge, type McpSessionEndpoint } from '@gate4agent/mcp';
import { type AgentSession, NativeRuntime } from '@gate4agent/runtime-native';
import { CONTROL_FIXTURE_ID, interactiveAgentSpec, isProcessAlive } from '@gate4agent/testkit';
import {
  CapabilityDescriptor,
  ResourceScopeId,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { AgentId, unwrap } from '@gate4agent/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentSandbox, createAgentSandbox, createRunRoot } from '../src/agent-sandbox.js';
import { installAgent } from '../src/install-agent.js';
import { REAL_AGENTS, type RealAgent } from '../src/real-agents.js';
import { killSandboxProcesses } from '../src/sandbox-processes.js';

/** How long one CLI run may take offline (it starts the server and asks it), in ms. */
const MCP_LIST_TIMEOUT_MS = 90_000;
/** Attempts per CLI: a CLI's own connect timeout can pass on this shared, slow machine. */
const ATTEMPTS = 3;

const PROVIDER_ID = ToolProviderId.of('gate.real-agents.mcp');
const GRANTED = ToolCapabilityId.of('browser.echo');
const NOT_GRANTED = ToolCapabilityId.of('browser.other');
/** The MCP tool names the CLIs show for the granted capability (server `gate4agent`). */
const GRANTED_TOOLS = ['mcp__gate4agent__browser_echo'];

const runRoot = createRunRoot();
const { runtime } = unwrap(
  NativeRuntime.create(unwrap(AgentRegistry.create([interactiveAgentSpec()])), {
    providers: [
      {
        id: PROVIDER_ID,
        owner: { kind: 'gate' },
        capabilities: [
          unwrap(CapabilityDescriptor.new(GRANTED, 'browser', 'Echo text back')),
          unwrap(CapabilityDescriptor.new(NOT_GRANTED, 'browser', 'Not granted to the agent')),
        ],
      },
    ],
  }),
);
let agent: AgentSession | null = null;
let bridge: McpBridge;
let endpoint: McpSessionEndpoint;

beforeAll(async () => {
  runtime.start();
  bridge = await McpBridge.create(runtime);
  // Grants need a running session: the fixture agent stands in for the CLI that would use them.
  agent = await runtime.launchAgent(AgentId.of(CONTROL_FIXTURE_ID));
  endpoint = await bridge.openSession(agent.instanceId);
  const generation = agent.generation;
  if (generation === null) throw new Error('the fixture agent is not running');
  await runtime.toolAuthority().grant(
    endpoint.session.grantFor(generation, {
      providerId: PROVIDER_ID,
      capabilityId: GRANTED,
      resourceScopeId: ResourceScopeId.of('page.active'),
    }),
  );
  expect(endpoint.session.tools().map((tool) => tool.name)).toEqual(['browser_echo']);
});

afterAll(async () => {
  await bridge.dispose();
  const pid = agent?.processId ?? null;
  await agent?.dispose();
  await runtime.dispose();
  const leaked = killSandboxProcesses(runRoot);
  rmSync(runRoot, { recursive: true, force: true });
  expect(leaked).toEqual([]);
  if (pid !== null) expect(isProcessAlive(pid)).toBe(false);
});

const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

interface Run {
  readonly stdout: string;
  /** Everything it printed, with the failure if any, for messages and text matches. */
  readonly all: string;
}

function run(bin: string, args: string[], env: Record<string, string>, cwd: string) {
  return new Promise<Run>((resolve) => {
    const child = execFile(
      bin,
      args,
      { env, cwd, timeout: MCP_LIST_TIMEOUT_MS },
      (error, stdout, stderr) => {
        const failure = error === null ? '' : `(${error.message})\n`;
        resolve({ stdout, all: stripAnsi(`${failure}${stdout}\n${stderr}`) });
      },
    );
    // Print modes wait for input on a pipe: give them none.
    child.stdin?.end();
  });
}

/** Runs until `accept` takes the output (each CLI's connect can time out here), or gives up. */
async function runUntil(
  bin: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
  accept: (output: Run) => boolean,
): Promise<Run> {
  let output: Run = { stdout: '', all: '' };
  for (let attempt = 0; attempt < ATTEMPTS && !accept(output); attempt += 1) {
    output = await run(bin, args, env, cwd);
  }
  return output;
}

/** What each CLI prints for a server it connected to (codex: `--json`, checked below). */
const CONNECTED: Record<string, RegExp> = {
  claude: /gate4agent: \S+ \S+gate4agent-mcp\.js - ✔ Connected/,
  gemini: /✓ gate4agent: \S+ \S+gate4agent-mcp\.js \(stdio\) - Connected/,
  'qwen-code': /✓ gate4agent: \S+ \S+gate4agent-mcp\.js \(stdio\) - Connected/,
  opencode: /✓ gate4agent\s+connected/,
};

/** The CLI's sandbox with the planned MCP configuration written, and the env and args to use. */
function configure(cli: RealAgent, purpose: string) {
  const sandbox = createAgentSandbox(runRoot, `${cli.agentId}-${purpose}`);
  const configDir = join(sandbox.root, 'config');
  mkdirSync(configDir, { mode: 0o700 });
  const plan = unwrap(planMcpConfig(cli.agentId, endpoint.stdio, configDir));
  for (const file of plan.files) {
    mkdirSync(dirname(file.path), { recursive: true, mode: 0o700 });
    writeFileSync(file.path, file.contents, { mode: 0o600 });
  }
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: sandbox.home };
  for (const { key, value } of plan.env) if (value !== null) env[key] = value;
  // Gemini lists servers of untrusted folders as disabled; the trust dialog is the operator's.
  if (cli.agentId === 'gemini') env.GEMINI_CLI_TRUST_WORKSPACE = 'true';
  return { sandbox, plan, env };
}

/** `claude mcp list` reads only configured scopes, not --mcp-config: a project .mcp.json instead. */
function approveClaudeProject(sandbox: AgentSandbox, contents: string): void {
  writeFileSync(join(sandbox.cwd, '.mcp.json'), contents);
  writeFileSync(
    join(sandbox.home, '.claude.json'),
    JSON.stringify({
      projects: {
        [sandbox.cwd]: { enabledMcpjsonServers: ['gate4agent'], hasTrustDialogAccepted: true },
      },
    }),
  );
}

interface InitEvent {
  readonly tools: string[];
  readonly mcp_servers: { name: string; status: string }[];
}

/** The `system`/`init` event of a stream-json print run, or `null`. */
function initEvent(stdout: string): InitEvent | null {
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const event = JSON.parse(line) as { type?: string; subtype?: string } & InitEvent;
      if (event.type === 'system' && event.subtype === 'init') return event;
    } catch {
      // Not an event line: keep looking.
    }
  }
  return null;
}

const connectedInit = (output: Run) =>
  initEvent(output.stdout)?.mcp_servers.some(
    (server) => server.name === 'gate4agent' && server.status === 'connected',
  ) === true;

/** The print-mode run that shows the tools, for the CLIs that have one. */
const TOOL_LISTING: Record<string, { args: string[]; env: Record<string, string> }> = {
  claude: {
    args: ['-p', 'list your tools', '--output-format', 'stream-json', '--verbose'],
    env: { MCP_CONNECTION_NONBLOCKING: 'false' },
  },
  'qwen-code': {
    args: ['-p', 'list your tools', '--output-format', 'stream-json', '--auth-type', 'openai'],
    // Port 9 (discard) on loopback: nothing listens, the request is refused at once.
    env: {
      OPENAI_API_KEY: 'offline',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      OPENAI_MODEL: 'offline',
    },
  },
};

for (const cli of REAL_AGENTS) {
  describe(`${cli.packageName}@${cli.version}`, () => {
    it('reports the generated gate4agent MCP server with its own mcp list', async () => {
      const { binPath } = await installAgent(cli);
      const { sandbox, plan, env } = configure(cli, 'mcp-list');
      const secret = endpoint.stdio.env.GATE4AGENT_MCP_SECRET ?? 'no secret';
      if (cli.agentId === 'codex') {
        // Codex never starts the server here: it prints its configuration.
        const output = await run(
          binPath,
          [...plan.args, 'mcp', 'list', '--json'],
          env,
          sandbox.cwd,
        );
        const servers = JSON.parse(output.stdout) as {
          name: string;
          enabled: boolean;
          transport: { type: string; command: string; args: string[]; env_vars: string[] };
        }[];
        expect(servers).toHaveLength(1);
        expect(servers[0]).toMatchObject({
          name: 'gate4agent',
          enabled: true,
          transport: {
            type: 'stdio',
            command: endpoint.stdio.command,
            args: [...endpoint.stdio.args],
            env_vars: Object.keys(endpoint.stdio.env),
          },
        });
        const got = await run(
          binPath,
          [...plan.args, 'mcp', 'get', 'gate4agent', '--json'],
          env,
          sandbox.cwd,
        );
        // No tool filter: every tool the bridge lists reaches codex's model.
        expect(JSON.parse(got.stdout)).toMatchObject({ enabled: true, enabled_tools: null });
        expect(output.all + got.all).not.toContain(secret);
        return;
      }
      let args = [...plan.args, 'mcp', 'list'];
      if (cli.agentId === 'claude') {
        approveClaudeProject(sandbox, plan.files[0]?.contents ?? '');
        args = ['mcp', 'list'];
      }
      const expected = CONNECTED[cli.agentId] ?? /never/;
      const output = await runUntil(binPath, args, env, sandbox.cwd, (out) =>
        expected.test(out.all),
      );
      expect(output.all).toMatch(expected);
      expect(output.all).not.toContain(secret);
    });

    const listing = TOOL_LISTING[cli.agentId];
    if (listing !== undefined) {
      it('lists exactly the granted tools of the generated server, offline', async () => {
        const { binPath } = await installAgent(cli);
        const { sandbox, plan, env } = configure(cli, 'mcp-tools');
        const output = await runUntil(
          binPath,
          [...plan.args, ...listing.args],
          { ...env, ...listing.env },
          sandbox.cwd,
          connectedInit,
        );
        const init = initEvent(output.stdout);
        expect(init, output.all).not.toBeNull();
        expect(init?.mcp_servers).toContainEqual({ name: 'gate4agent', status: 'connected' });
        const served = init?.tools.filter((tool) => tool.startsWith('mcp__gate4agent__'));
        expect(served).toEqual(GRANTED_TOOLS);
      });
    }
  });
}
