import { err, ok, type Result } from '@gate4agent/types';
import { CapabilityRuntimeError } from '../errors/capability-runtime-error.js';
import { CodeError } from '../errors/code-error.js';
import type { CapabilityKind } from '../identity/capability-kind.js';
import type { CapabilityCatalog } from '../projection/capability-catalog.js';
import { type AgentDefinition, WorkerAgentSpec } from '../values/agent-definition.js';
import type { HookBinding, SlashCommand } from '../values/bindings.js';
import type { CapabilityValue } from '../values/capability-value.js';
import { capabilityValuePublicName } from '../values/capability-value.js';
import type { Skill } from '../values/skill.js';
import type { Tool } from '../values/tool.js';
import { loadAgentsFromDir } from './agent-dir.js';
import { canonicalAgentName } from './agent-name.js';
import type { CompatibilityState } from './runtime-validation.js';

/** What the compatibility registrations need from their Session. */
export interface RegistrationContext {
  readonly sessionId: string;
  readonly catalog: CapabilityCatalog;
  readonly state: CompatibilityState;
  /** Runs `fn` under the linearisation lock, failing with `session-closed` after close. */
  mutateImmediate<T>(fn: () => Result<T, CodeError>): Promise<Result<T, CodeError>>;
}

/** The compatibility registration APIs of a Session. */
export interface CompatibilityRegistrations {
  registerDynamicTool(tool: Tool): Promise<Result<void, CodeError>>;
  addSkill(skill: Skill): Promise<Result<void, CodeError>>;
  registerWorkerAgent(spec: WorkerAgentSpec): Promise<Result<AgentDefinition, CodeError>>;
  registerWorkerAgents(
    specs: Iterable<WorkerAgentSpec>,
  ): Promise<Result<readonly AgentDefinition[], CodeError>>;
  registerAgentDir(dir: string): Promise<Result<number, CodeError>>;
  registerCommand(command: SlashCommand): Promise<Result<void, CodeError>>;
  registerHook(hook: HookBinding): Promise<Result<void, CodeError>>;
}

/** Whether the published `value` occupies `name` for a registration of `kind` (spec §7.4). */
export function publishedValueMatches(
  value: CapabilityValue,
  kind: CapabilityKind,
  name: string,
): boolean {
  if (value.kind === 'mcp' && kind === 'tool') return value.mcp.toolNames.includes(name);
  if (value.kind === 'agent') {
    return kind === 'agent' && canonicalAgentName(value.agent.name) === canonicalAgentName(name);
  }
  return value.kind === kind && capabilityValuePublicName(value) === name;
}

/**
 * Builds the registration APIs. Each checks every name against the published projection and
 * registers inside one critical section, so it is linearised with publication: whichever comes
 * second fails. Multi-registrations register everything or nothing.
 */
export function compatibilityRegistrations(
  context: RegistrationContext,
): CompatibilityRegistrations {
  const ensureAvailable = (kind: CapabilityKind, name: string): Result<void, CodeError> => {
    const pin = context.catalog.pin();
    try {
      const taken = pin.projection.iter().some((e) => publishedValueMatches(e.value, kind, name));
      if (!taken) return ok();
      return err(CodeError.capability(CapabilityRuntimeError.runtimeNameConflict(kind, name)));
    } finally {
      pin.release();
    }
  };
  const registerAgents = (
    agents: readonly AgentDefinition[],
  ): Result<readonly AgentDefinition[], CodeError> => {
    for (const agent of agents) {
      if (agent.name.trim().length === 0)
        return err(CodeError.invalidAgent('an agent name is empty'));
      const available = ensureAvailable('agent', agent.name);
      if (!available.ok) return available;
    }
    for (const agent of agents) context.state.agents.set(agent);
    return ok(agents);
  };
  const { state } = context;
  return {
    registerDynamicTool: (tool) =>
      context.mutateImmediate(() => {
        const available = ensureAvailable('tool', tool.name);
        if (!available.ok) return available;
        if (state.tools.builtinNames.has(tool.name))
          return err(CodeError.builtinNameTaken('tool', tool.name));
        state.tools.set(tool);
        return ok();
      }),
    addSkill: (skill) =>
      context.mutateImmediate(() => {
        const available = ensureAvailable('skill', skill.name);
        if (!available.ok) return available;
        state.skills.set(skill);
        return ok();
      }),
    registerWorkerAgent: (spec) =>
      context.mutateImmediate(() => {
        const registered = registerAgents([WorkerAgentSpec.compile(spec)]);
        return registered.ok ? ok(registered.value[0]!) : registered;
      }),
    registerWorkerAgents: (specs) => {
      const agents = [...specs].map(WorkerAgentSpec.compile);
      return context.mutateImmediate(() => registerAgents(agents));
    },
    registerAgentDir: async (dir) => {
      const agents = await loadAgentsFromDir(dir);
      return context.mutateImmediate(() => {
        const registered = registerAgents(agents);
        return registered.ok ? ok(registered.value.length) : registered;
      });
    },
    registerCommand: (command) =>
      context.mutateImmediate(() => {
        const available = ensureAvailable('command', command.name);
        if (!available.ok) return available;
        state.commands.set(command);
        return ok();
      }),
    registerHook: (hook) =>
      context.mutateImmediate(() => {
        const available = ensureAvailable('hook', hook.id);
        if (!available.ok) return available;
        state.hooks.set(hook);
        return ok();
      }),
  };
}
