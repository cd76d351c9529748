/** A worker agent the model can delegate to (`task` tool). */
export interface AgentDefinition {
  readonly name: string;
  readonly description: string;
  /** The agent's system prompt; `null` uses the Session's default. */
  readonly prompt: string | null;
  /** Hidden agents are not offered to the model, but still occupy their name. */
  readonly hidden: boolean;
}

/** Builds an {@link AgentDefinition}, optionally with a prompt. */
export function agentDefinition(
  name: string,
  description: string,
  options: { prompt?: string; hidden?: boolean } = {},
): AgentDefinition {
  return Object.freeze({
    name,
    description,
    prompt: options.prompt ?? null,
    hidden: options.hidden ?? false,
  });
}

/** The declaration of a worker agent registered through the compatibility API. */
export interface WorkerAgentSpec {
  readonly name: string;
  readonly description: string;
  readonly prompt: string | null;
}

/** Factories of {@link WorkerAgentSpec}. */
export const WorkerAgentSpec = {
  /** A custom worker with a name and a description (upstream `WorkerAgentSpec::custom`). */
  custom(name: string, description: string, prompt: string | null = null): WorkerAgentSpec {
    return Object.freeze({ name, description, prompt });
  },
  /** The agent definition a spec compiles to. */
  compile(spec: WorkerAgentSpec): AgentDefinition {
    return agentDefinition(
      spec.name.trim(),
      spec.description,
      spec.prompt === null ? {} : { prompt: spec.prompt },
    );
  },
} as const;
