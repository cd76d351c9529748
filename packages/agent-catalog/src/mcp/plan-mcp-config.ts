import type { Result } from '@gate4agent/types';
import { err, ok } from '@gate4agent/types';
import type { EnvMutation } from '../launch-request.js';
import { McpConfigError } from './mcp-config-error.js';
import type { McpServerEntry } from './mcp-server-entry.js';

/** A file the launch needs, to be written (mode 0600) into the session's scratch config dir. */
export interface McpConfigFile {
  /** An absolute path inside the scratch config directory. */
  readonly path: string;
  readonly contents: string;
}

/** What an agent's launch gets so its CLI connects to one MCP server. */
export interface McpLaunchConfig {
  readonly files: readonly McpConfigFile[];
  /** Extra launch arguments (after the agent's own). */
  readonly args: readonly string[];
  /** Environment for the agent's process (config file paths, the server's secrets for Codex). */
  readonly env: readonly EnvMutation[];
}

/** The agents with an MCP configuration writer, in the order of the README table. */
export const MCP_CONFIG_AGENTS = ['claude', 'codex', 'gemini', 'qwen-code', 'opencode'] as const;

const NAME = /^[A-Za-z0-9_-]{1,64}$/;
const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

function join(directory: string, file: string): string {
  const separator = directory.includes('\\') && !directory.includes('/') ? '\\' : '/';
  return directory.endsWith(separator) ? `${directory}${file}` : `${directory}${separator}${file}`;
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
/** A TOML basic string: JSON's escaping is a subset TOML accepts for these characters. */
const toml = (value: string): string => JSON.stringify(value);
const tomlArray = (values: readonly string[]): string => `[${values.map(toml).join(',')}]`;

function checkEntry(entry: McpServerEntry): Result<void, McpConfigError> {
  if (!NAME.test(entry.name)) {
    return err(McpConfigError.invalidEntry('name', `'${entry.name}' is not 1-64 of [A-Za-z0-9_-]`));
  }
  const texts = entry.kind === 'stdio' ? [entry.command, ...entry.args] : [entry.url];
  if (texts.some((text) => text.includes('\0'))) {
    return err(
      McpConfigError.invalidEntry(entry.kind === 'stdio' ? 'command' : 'url', 'contains NUL'),
    );
  }
  const keys = Object.keys(entry.kind === 'stdio' ? entry.env : entry.headers);
  if (entry.kind === 'stdio' && keys.some((key) => !ENV_KEY.test(key))) {
    return err(
      McpConfigError.invalidEntry('env', 'has a variable name outside [A-Za-z_][A-Za-z0-9_]*'),
    );
  }
  return ok();
}

/** `Authorization: Bearer …` → the token, for CLIs that take it from a variable. */
function bearerToken(headers: Readonly<Record<string, string>>): string | null {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === 'authorization' && value.startsWith('Bearer ')) {
      return value.slice('Bearer '.length);
    }
  }
  return null;
}

/** The variable through which Codex reads an HTTP server's bearer token. */
export const CODEX_MCP_TOKEN_ENV = 'GATE4AGENT_MCP_TOKEN';

function codex(entry: McpServerEntry): McpLaunchConfig {
  const key = `mcp_servers.${entry.name}`;
  if (entry.kind === 'stdio') {
    const names = Object.keys(entry.env);
    // The secrets travel in Codex's own environment and `env_vars` forwards them by name, so
    // they never appear in an argv.
    return {
      files: [],
      args: [
        '-c',
        `${key}.command=${toml(entry.command)}`,
        '-c',
        `${key}.args=${tomlArray(entry.args)}`,
        '-c',
        `${key}.env_vars=${tomlArray(names)}`,
      ],
      env: names.map((name) => ({ key: name, value: entry.env[name] ?? '' })),
    };
  }
  const token = bearerToken(entry.headers);
  return {
    files: [],
    args: [
      '-c',
      `${key}.url=${toml(entry.url)}`,
      ...(token === null ? [] : ['-c', `${key}.bearer_token_env_var=${toml(CODEX_MCP_TOKEN_ENV)}`]),
    ],
    env: token === null ? [] : [{ key: CODEX_MCP_TOKEN_ENV, value: token }],
  };
}

/** Gemini CLI and Qwen Code share the settings format (`mcpServers`). */
function geminiSettings(entry: McpServerEntry) {
  const server =
    entry.kind === 'stdio'
      ? { command: entry.command, args: entry.args, env: entry.env }
      : { httpUrl: entry.url, headers: entry.headers };
  return json({ mcpServers: { [entry.name]: server } });
}

/**
 * The MCP configuration of agent `agentId` for `entry`, in the agent's own format, with every
 * file inside `configDir` (the session's scratch config directory, never the user's HOME):
 *
 * - `claude`: `claude-mcp.json` (`mcpServers`) and `--mcp-config=<file>`;
 * - `codex`: `-c mcp_servers.<name>.…` overrides; a stdio server's variables are set on Codex and
 *   forwarded by name (`env_vars`), an HTTP token through `bearer_token_env_var`;
 * - `gemini`: `gemini-home/.gemini/settings.json` (`mcpServers`) with `GEMINI_CLI_HOME` set to
 *   `gemini-home` (Gemini then keeps its state there: sign in with `GEMINI_API_KEY`, its cached
 *   Google sign-in under the user's home is not seen; Gemini 0.61 ignores a system settings file
 *   that root does not own);
 * - `qwen-code`: a settings file (`mcpServers`) named by `QWEN_CODE_SYSTEM_SETTINGS_PATH` (system
 *   settings take precedence over the user's and the project's; the machine's own system settings
 *   file is not read for that session);
 * - `opencode`: `opencode.json` (`mcp`) named by `OPENCODE_CONFIG` (merged over the user's).
 */
export function planMcpConfig(
  agentId: string,
  entry: McpServerEntry,
  configDir: string,
): Result<McpLaunchConfig, McpConfigError> {
  const checked = checkEntry(entry);
  if (!checked.ok) return checked;
  switch (agentId) {
    case 'claude': {
      const path = join(configDir, 'claude-mcp.json');
      const server =
        entry.kind === 'stdio'
          ? { type: 'stdio', command: entry.command, args: entry.args, env: entry.env }
          : { type: 'http', url: entry.url, headers: entry.headers };
      const contents = json({ mcpServers: { [entry.name]: server } });
      // `--mcp-config` takes several files: the `=` form keeps it from eating the next argument.
      return ok({ files: [{ path, contents }], args: [`--mcp-config=${path}`], env: [] });
    }
    case 'codex':
      return ok(codex(entry));
    case 'gemini': {
      // Gemini 0.61 reads a system settings file only when root owns it and every ancestor
      // directory, so the scratch directory becomes Gemini's home instead (GEMINI_CLI_HOME).
      const home = join(configDir, 'gemini-home');
      const path = join(join(home, '.gemini'), 'settings.json');
      return ok({
        files: [{ path, contents: geminiSettings(entry) }],
        args: [],
        env: [{ key: 'GEMINI_CLI_HOME', value: home }],
      });
    }
    case 'qwen-code': {
      const path = join(configDir, 'qwen-code-settings.json');
      return ok({
        files: [{ path, contents: geminiSettings(entry) }],
        args: [],
        env: [{ key: 'QWEN_CODE_SYSTEM_SETTINGS_PATH', value: path }],
      });
    }
    case 'opencode': {
      const path = join(configDir, 'opencode.json');
      const server =
        entry.kind === 'stdio'
          ? {
              type: 'local',
              command: [entry.command, ...entry.args],
              environment: entry.env,
              enabled: true,
            }
          : { type: 'remote', url: entry.url, headers: entry.headers, enabled: true };
      const contents = json({
        $schema: 'https://opencode.ai/config.json',
        mcp: { [entry.name]: server },
      });
      return ok({
        files: [{ path, contents }],
        args: [],
        env: [{ key: 'OPENCODE_CONFIG', value: path }],
      });
    }
    default:
      return err(McpConfigError.unsupportedAgent(agentId, MCP_CONFIG_AGENTS));
  }
}
