export {
  CONTROL_EVENT_HEADROOM,
  CONTROL_REVISION_HEADROOM,
  COUNTER_MAX,
} from './constants.js';
export { Gate4AgentEngine } from './engine/gate4agent-engine.js';

export {
  KernelCommandError,
  KernelCommandErrors,
  KernelIntegrationError,
  KernelIntegrationErrors,
  KernelProviderError,
  KernelProviderErrors,
  KernelToolError,
  KernelToolErrors,
} from './errors.js';
export type { KernelAgentCatalog, KernelAgentSpec } from './kernel/agent-catalog.js';
export { agentCatalog } from './kernel/agent-catalog.js';
export type {
  BackendIngress,
  BackendIngressOutcome,
  CommandOutcome,
  ProviderRuntimeCommandOutcome,
  ProviderRuntimeTransition,
  ToolAuthorityCommandOutcome,
  ToolCancelOutcome,
  ToolRequestOutcome,
} from './kernel/backend-ingress.js';
export { defaultBackendSnapshot } from './kernel/backend-snapshot.js';
export { Gate4AgentKernel } from './kernel/gate4agent-kernel.js';
export type { BackendSnapshot, KernelStep } from './kernel/kernel-step.js';
