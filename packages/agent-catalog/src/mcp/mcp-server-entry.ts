/**
 * How an agent CLI reaches one MCP server: a command it starts (stdio) or a URL it posts to
 * (Streamable HTTP). `env` and `headers` carry secrets: the config writers put them in files of
 * the session's scratch config directory or in the agent's environment, never in its argv
 * (except where a CLI offers nothing else, as the README says).
 */
export type McpServerEntry =
  | {
      readonly kind: 'stdio';
      /** The server's name in the agent's config (`[A-Za-z0-9_-]`, at most 64 characters). */
      readonly name: string;
      /** An absolute path: the agent starts it without a shell. */
      readonly command: string;
      readonly args: readonly string[];
      /** Variables the server process needs on top of what the agent passes down. */
      readonly env: Readonly<Record<string, string>>;
    }
  | {
      readonly kind: 'http';
      readonly name: string;
      /** `http://127.0.0.1:<port>/…` */
      readonly url: string;
      /** Sent with every request (the bearer token). */
      readonly headers: Readonly<Record<string, string>>;
    };
