import type { CapabilityKind } from '../identity/capability-kind.js';
import type { AgentDefinition } from './agent-definition.js';
import type {
  ContextProvider,
  FlowBinding,
  HookBinding,
  KnowledgeBinding,
  KnowledgeSurfaceBinding,
  McpBinding,
  SlashCommand,
  UiBinding,
} from './bindings.js';
import type { Skill } from './skill.js';
import type { Tool } from './tool.js';

/** One prepared runtime value per capability, tagged with its kind. */
export type CapabilityValue =
  | { readonly kind: 'tool'; readonly tool: Tool }
  | { readonly kind: 'skill'; readonly skill: Skill }
  | { readonly kind: 'agent'; readonly agent: AgentDefinition }
  | { readonly kind: 'command'; readonly command: SlashCommand }
  | { readonly kind: 'hook'; readonly hook: HookBinding }
  | { readonly kind: 'mcp'; readonly mcp: McpBinding }
  | { readonly kind: 'flow'; readonly flow: FlowBinding }
  | { readonly kind: 'knowledge-surface'; readonly surface: KnowledgeSurfaceBinding }
  | { readonly kind: 'knowledge'; readonly knowledge: KnowledgeBinding }
  | { readonly kind: 'ui'; readonly ui: UiBinding }
  | { readonly kind: 'context'; readonly context: ContextProvider };

/** Constructors of {@link CapabilityValue}, one per kind. */
export const CapabilityValue = {
  tool: (tool: Tool): CapabilityValue => ({ kind: 'tool', tool }),
  skill: (skill: Skill): CapabilityValue => ({ kind: 'skill', skill }),
  agent: (agent: AgentDefinition): CapabilityValue => ({ kind: 'agent', agent }),
  command: (command: SlashCommand): CapabilityValue => ({ kind: 'command', command }),
  hook: (hook: HookBinding): CapabilityValue => ({ kind: 'hook', hook }),
  mcp: (mcp: McpBinding): CapabilityValue => ({ kind: 'mcp', mcp }),
  flow: (flow: FlowBinding): CapabilityValue => ({ kind: 'flow', flow }),
  knowledgeSurface: (surface: KnowledgeSurfaceBinding): CapabilityValue => ({
    kind: 'knowledge-surface',
    surface,
  }),
  knowledge: (knowledge: KnowledgeBinding): CapabilityValue => ({ kind: 'knowledge', knowledge }),
  ui: (ui: UiBinding): CapabilityValue => ({ kind: 'ui', ui }),
  context: (context: ContextProvider): CapabilityValue => ({ kind: 'context', context }),
} as const;

/** The kind of `value`. */
export function capabilityValueKind(value: CapabilityValue): CapabilityKind {
  return value.kind;
}

/** The public name `value` publishes (the field each kind names itself by). */
export function capabilityValuePublicName(value: CapabilityValue): string {
  switch (value.kind) {
    case 'tool':
      return value.tool.name;
    case 'skill':
      return value.skill.name;
    case 'agent':
      return value.agent.name;
    case 'command':
      return value.command.name;
    case 'hook':
      return value.hook.id;
    case 'mcp':
      return value.mcp.serverName;
    case 'flow':
      return value.flow.publicName;
    case 'knowledge-surface':
      return value.surface.publicName;
    case 'knowledge':
      return value.knowledge.providerName;
    case 'ui':
      return value.ui.publicName;
    case 'context':
      return value.context.name;
  }
}
