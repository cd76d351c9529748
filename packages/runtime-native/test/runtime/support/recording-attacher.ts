import type { McpAttacher, McpAttachRequest } from '../../../src/session/mcp-launch.js';

/**
 * An MCP attacher that records its requests and the disposals of its attachments, and settles
 * `detached` at the first disposal. It serves no MCP server (the bridge of `@gate4agent/mcp` sits
 * above this package): the agent only gets its configuration.
 */
export class RecordingAttacher implements McpAttacher {
  readonly requests: McpAttachRequest[] = [];
  disposed = 0;
  /** Settles when an attachment is disposed for the first time. */
  readonly detached: Promise<void>;
  /** Called inside `attach` with its request, before it answers; a rejection fails the attach. */
  onAttach: (request: McpAttachRequest) => Promise<void> = async () => undefined;
  #detach!: () => void;

  constructor() {
    this.detached = new Promise((resolve) => {
      this.#detach = resolve;
    });
  }

  async attach(request: McpAttachRequest) {
    this.requests.push(request);
    await this.onAttach(request);
    return {
      entry: {
        kind: 'stdio' as const,
        name: 'gate4agent',
        command: process.execPath,
        args: [],
        env: {},
      },
      dispose: async () => {
        this.disposed += 1;
        this.#detach();
      },
    };
  }
}
