import Type, { type Static } from 'typebox';
import { AdapterBindingSchema } from '../adapter/adapter-binding.js';
import { LaunchSpecSchema } from './launch-spec.js';

/** TypeBox schema of {@link AgentCommandMode}. */
export const AgentCommandModeSchema = Type.Literal('slash-line');

/** How the agent takes agent commands: `slash-line` means a `/name args` line. */
export type AgentCommandMode = Static<typeof AgentCommandModeSchema>;

/** TypeBox schema of {@link PipeProtocol}. */
export const PipeProtocolSchema = Type.Enum([
  'semantic-ndjson',
  'structured-jsonl',
  'one-shot-text',
]);

/**
 * The stdout protocol of a pipe launch: gate4agent's semantic stream, a provider-owned JSONL
 * stream from a headless CLI, or plain one-shot text.
 */
export type PipeProtocol = Static<typeof PipeProtocolSchema>;

/** TypeBox schema of {@link PipePromptDelivery}. */
export const PipePromptDeliverySchema = Type.Enum(['none', 'stdin-close', 'positional']);

/** How a pipe launch receives its prompt. */
export type PipePromptDelivery = Static<typeof PipePromptDeliverySchema>;

const NullableBinding = Type.Union([AdapterBindingSchema, Type.Null()]);
const NullableLaunch = Type.Union([LaunchSpecSchema, Type.Null()]);

/** TypeBox schema of {@link PipeTransportSpec}. */
export const PipeTransportSpecSchema = Type.Object({
  adapter: AdapterBindingSchema,
  protocol: PipeProtocolSchema,
  launchOverride: NullableLaunch,
  promptDelivery: PipePromptDeliverySchema,
});

/** A headless pipe transport: its adapter, protocol, optional own launch and prompt delivery. */
export type PipeTransportSpec = Static<typeof PipeTransportSpecSchema>;

/** TypeBox schema of {@link AcpTransportSpec}. */
export const AcpTransportSpecSchema = Type.Object({
  adapter: AdapterBindingSchema,
  launchOverride: NullableLaunch,
});

/** An Agent Client Protocol transport. */
export type AcpTransportSpec = Static<typeof AcpTransportSpecSchema>;

/** TypeBox schema of {@link AgentTransportCapabilities}. */
export const AgentTransportCapabilitiesSchema = Type.Object({
  pty: Type.Boolean(),
  ptyAdapter: NullableBinding,
  pipe: Type.Union([PipeTransportSpecSchema, Type.Null()]),
  acp: Type.Union([AcpTransportSpecSchema, Type.Null()]),
});

/** The transports an agent supports; PTY is on by default. */
export type AgentTransportCapabilities = Static<typeof AgentTransportCapabilitiesSchema>;

/** TypeBox schema of {@link AgentAdapterCapabilities}. */
export const AgentAdapterCapabilitiesSchema = Type.Object({
  ptySidecar: NullableBinding,
  hook: NullableBinding,
  managedHook: NullableBinding,
  oneShot: NullableBinding,
  history: NullableBinding,
  resume: NullableBinding,
  sessionOptions: NullableBinding,
  capabilityProbe: NullableBinding,
});

/** Adapter bindings beyond the transports (hooks, history, resume, session options, …). */
export type AgentAdapterCapabilities = Static<typeof AgentAdapterCapabilitiesSchema>;

/** TypeBox schema of {@link AgentCapabilities}. */
export const AgentCapabilitiesSchema = Type.Object({
  agentCommands: Type.Union([AgentCommandModeSchema, Type.Null()]),
  transports: AgentTransportCapabilitiesSchema,
  adapters: AgentAdapterCapabilitiesSchema,
});

/** What an agent can do beyond a plain PTY session. */
export type AgentCapabilities = Static<typeof AgentCapabilitiesSchema>;

/** The upstream default: no agent commands, PTY only, no adapters. A fresh object every call. */
export function defaultAgentCapabilities(): AgentCapabilities {
  return {
    agentCommands: null,
    transports: { pty: true, ptyAdapter: null, pipe: null, acp: null },
    adapters: {
      ptySidecar: null,
      hook: null,
      managedHook: null,
      oneShot: null,
      history: null,
      resume: null,
      sessionOptions: null,
      capabilityProbe: null,
    },
  };
}
