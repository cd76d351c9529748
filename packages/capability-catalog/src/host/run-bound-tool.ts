import type { Tool } from '../values/tool.js';
import type { RunRegistries } from './runtime-validation.js';

/** What a run-bound tool is built from: the registries frozen for one Run. */
export interface RunBinding {
  readonly sessionId: string;
  readonly runId: string;
  readonly registries: RunRegistries;
}

/**
 * A built-in tool that captures a registry (like `search_skills` or `task`). It is built again
 * for every Run from that Run's frozen registries, so a later publication cannot change what an
 * admitted Run sees. Its name is reserved in the compatibility tool registry.
 */
export interface RunBoundTool {
  readonly name: string;
  bind(binding: RunBinding): Tool;
}
