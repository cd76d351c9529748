import { err, ok, type Result } from '@gate4agent/types';
import { CapabilityRuntimeError } from '../errors/capability-runtime-error.js';
import type { CapabilityProjection } from '../projection/capability-projection.js';
import type { AgentDefinition } from '../values/agent-definition.js';
import type {
  ContextProvider,
  HookBinding,
  KnowledgeBinding,
  McpBinding,
  SlashCommand,
} from '../values/bindings.js';
import type { Skill } from '../values/skill.js';
import type { Tool } from '../values/tool.js';
import type {
  AgentRegistry,
  CommandRegistry,
  HookRegistry,
  SkillRegistry,
  SnapshotResult,
  ToolRegistry,
} from './compatibility-registries.js';

/** The compatibility side a projection is validated against (Session-latest state). */
export interface CompatibilityState {
  readonly tools: ToolRegistry;
  readonly skills: SkillRegistry;
  readonly agents: AgentRegistry;
  readonly commands: CommandRegistry;
  readonly hooks: HookRegistry;
  /** Server names owned by compatibility MCP registrations. */
  readonly mcpServers: ReadonlySet<string>;
  readonly staticContextProviders: readonly ContextProvider[];
  readonly cognitiveBinding: KnowledgeBinding | null;
  /** Returns why a skill is unacceptable to this Session, or `null`. */
  readonly validateSkill: (skill: Skill) => string | null;
}

/** The registries one Run reads for its whole life: compatibility plus its generation. */
export interface RunRegistries {
  readonly tools: ReadonlyMap<string, Tool>;
  readonly skills: ReadonlyMap<string, Skill>;
  readonly agents: ReadonlyMap<string, AgentDefinition>;
  readonly commands: ReadonlyMap<string, SlashCommand>;
  readonly hooks: ReadonlyMap<string, HookBinding>;
  readonly mcp: readonly McpBinding[];
  readonly knowledge: KnowledgeBinding | null;
  readonly contexts: readonly ContextProvider[];
}

function conflict<T>(
  result: SnapshotResult<T>,
): Result<ReadonlyMap<string, T>, CapabilityRuntimeError> {
  if (result.ok) return ok(result.value);
  return err(
    CapabilityRuntimeError.runtimeNameConflict(
      result.error.capabilityKind,
      result.error.publicName,
    ),
  );
}

/**
 * Checks that a Run on `projection` could be built right now and builds its frozen registries:
 * hooks, MCP, context, knowledge, then skills, agents (canonical names), commands, hooks and
 * tools (then MCP tools) each merged into a copy of the compatibility registry.
 */
export function buildRunRegistries(
  projection: CapabilityProjection,
  state: CompatibilityState,
): Result<RunRegistries, CapabilityRuntimeError> {
  const hooks = projection.valuesOf('hook').map((v) => v.hook);
  for (const hook of hooks) {
    const problem = hook.runScopeProblem?.() ?? null;
    if (problem !== null)
      return err(CapabilityRuntimeError.runtimeValueInvalid('hook', hook.id, problem));
  }
  const mcp = projection.valuesOf('mcp').map((v) => v.mcp);
  for (const binding of mcp) {
    const problem = binding.runScopeProblem?.() ?? null;
    if (problem !== null) {
      return err(CapabilityRuntimeError.runtimeValueInvalid('mcp', binding.serverName, problem));
    }
    if (state.mcpServers.has(binding.serverName)) {
      return err(CapabilityRuntimeError.runtimeNameConflict('mcp', binding.serverName));
    }
  }
  const contexts = projection.valuesOf('context').map((v) => v.context);
  for (const context of contexts) {
    if (context.cognitive) {
      return err(
        CapabilityRuntimeError.runtimeValueInvalid(
          'context',
          context.name,
          'a projected Context cannot carry a cognitive binding',
        ),
      );
    }
    if (state.staticContextProviders.some((p) => p.name === context.name)) {
      return err(CapabilityRuntimeError.runtimeNameConflict('context', context.name));
    }
  }
  const knowledge = projection.valuesOf('knowledge').map((v) => v.knowledge);
  for (const binding of knowledge) {
    const problem = binding.problem?.() ?? null;
    if (problem !== null) {
      return err(
        CapabilityRuntimeError.runtimeValueInvalid('knowledge', binding.providerName, problem),
      );
    }
  }
  const [first, second] = knowledge;
  if (second !== undefined) {
    return err(
      CapabilityRuntimeError.runtimeValueInvalid(
        'knowledge',
        second.providerName,
        'a Run accepts at most one Knowledge binding',
      ),
    );
  }
  if (
    first !== undefined &&
    (contexts.length > 0 || state.staticContextProviders.some((p) => !p.cognitive))
  ) {
    return err(
      CapabilityRuntimeError.runtimeValueInvalid(
        'knowledge',
        first.providerName,
        'Knowledge cannot be combined with general-purpose Context providers',
      ),
    );
  }
  if (contexts[0] !== undefined && state.cognitiveBinding !== null) {
    return err(
      CapabilityRuntimeError.runtimeValueInvalid(
        'context',
        contexts[0].name,
        'a projected Context cannot be combined with a cognitive binding',
      ),
    );
  }
  const projectedSkills = projection.valuesOf('skill').map((v) => v.skill);
  const skills = conflict(state.skills.snapshotWith(projectedSkills));
  if (!skills.ok) return skills;
  for (const skill of projectedSkills) {
    const problem = state.validateSkill(skill);
    if (problem !== null)
      return err(CapabilityRuntimeError.runtimeValueInvalid('skill', skill.name, problem));
  }
  const agents = conflict(
    state.agents.snapshotWith(projection.valuesOf('agent').map((v) => v.agent)),
  );
  if (!agents.ok) return agents;
  const commands = conflict(
    state.commands.snapshotWith(projection.valuesOf('command').map((v) => v.command)),
  );
  if (!commands.ok) return commands;
  const hookMap = conflict(state.hooks.snapshotWith(hooks));
  if (!hookMap.ok) return hookMap;
  const tools = conflict(state.tools.snapshotWith(projection.valuesOf('tool').map((v) => v.tool)));
  if (!tools.ok) return tools;
  for (const binding of mcp) {
    for (const name of binding.toolNames) {
      if (tools.value.has(name) || state.tools.builtinNames.has(name)) {
        return err(CapabilityRuntimeError.runtimeNameConflict('mcp', name));
      }
    }
  }
  return ok({
    tools: tools.value,
    skills: skills.value,
    agents: agents.value,
    commands: commands.value,
    hooks: hookMap.value,
    mcp,
    knowledge: first ?? state.cognitiveBinding,
    contexts: [...state.staticContextProviders, ...contexts],
  });
}
