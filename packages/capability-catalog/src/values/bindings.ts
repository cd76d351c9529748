import type { Sha256Digest } from '../identity/sha256-digest.js';

// Minimal runtime shapes of the kinds whose full runtimes are outside this port (spec §11.9 (7)):
// each carries the public name the projection checks and the hook the runtime validation calls.

/** A slash command. */
export interface SlashCommand {
  readonly name: string;
  readonly description: string;
}

/** A hook bound to a lifecycle event; `runScopeProblem` returns why it cannot run, or `null`. */
export interface HookBinding {
  readonly id: string;
  readonly event: string;
  runScopeProblem?(): string | null;
}

/** An MCP server binding and the public tool names it exposes. */
export interface McpBinding {
  readonly serverName: string;
  readonly toolNames: readonly string[];
  runScopeProblem?(): string | null;
}

/** A flow binding (consumed through dedicated Session APIs). */
export interface FlowBinding {
  readonly publicName: string;
}

/** A knowledge surface binding; its digest must equal the descriptor's surface digest. */
export interface KnowledgeSurfaceBinding {
  readonly publicName: string;
  readonly surfaceDigest: Sha256Digest;
}

/** A cognitive (Knowledge) context session; `problem` returns why it is invalid, or `null`. */
export interface KnowledgeBinding {
  readonly providerName: string;
  /** Identity of the bound knowledge; two bindings are the same when these are equal. */
  readonly bindingId: string;
  problem?(): string | null;
}

/** A UI binding; its digest must equal the descriptor's surface digest. */
export interface UiBinding {
  readonly publicName: string;
  readonly surfaceDigest: Sha256Digest;
}

/** A context provider; a cognitive one may not be projected as plain Context. */
export interface ContextProvider {
  readonly name: string;
  readonly cognitive: boolean;
}
