export {
  COUNTER_MAX,
  MAX_AUTHORITY_SUBSCRIBERS,
  MAX_CONTROL_SUBSCRIBERS,
  MAX_INGRESS_CAPACITY,
  MAX_PROVIDER_EFFECT_CAPACITY,
  MAX_PROVIDER_RUNTIMES,
  MAX_SUBSCRIPTION_CAPACITY,
  MAX_TOOL_CLIENTS,
  MAX_TOOL_SUBSCRIBERS_PER_CLIENT,
} from './constants.js';
export type { AgentPort } from './control/agent-port.js';
export { boundedPort } from './control/bounded-port.js';
export { Gate4AgentHandle } from './control/gate4agent-handle.js';
export { KernelPort } from './control/kernel-port.js';
export { PortDispatchError } from './control/port-dispatch-error.js';
export { boundedControlPlane } from './control-plane/bounded-control-plane.js';
export { ControlPlaneKernelPort } from './control-plane/control-plane-kernel-port.js';
export type { ControlPlanePublishReport } from './control-plane/control-plane-publish-report.js';
export type {
  NativeProviderExecutor,
  NativeProviderOperation,
} from './provider-runtime/contract/native-provider-executor.js';
export type { NativeProviderExit } from './provider-runtime/contract/native-provider-exit.js';
export { NativeProviderOperationError } from './provider-runtime/contract/native-provider-operation-error.js';
export type { NativeProviderResultPoll } from './provider-runtime/contract/native-provider-result-poll.js';
export type { ProviderCancellationInit } from './provider-runtime/contract/provider-cancellation.js';
export { ProviderCancellation } from './provider-runtime/contract/provider-cancellation.js';
export {
  ProviderCancellationFlag,
  ProviderCancellationToken,
} from './provider-runtime/contract/provider-cancellation-token.js';
export type { ProviderInvocation } from './provider-runtime/contract/provider-invocation.js';
export type {
  ProviderObservationOutcome,
  ProviderObservationStatus,
} from './provider-runtime/contract/provider-observation-outcome.js';
export type { ProviderOperationKey } from './provider-runtime/contract/provider-operation-key.js';
export type { ProviderRuntimeCounter } from './provider-runtime/contract/provider-runtime-error.js';
export { ProviderRuntimeError } from './provider-runtime/contract/provider-runtime-error.js';
export type { ProviderRuntimePort } from './provider-runtime/contract/provider-runtime-port.js';
export type { ProviderRuntimeState } from './provider-runtime/contract/provider-runtime-state.js';
export type { ProviderWork } from './provider-runtime/contract/provider-work.js';
export { TryRecvError } from './provider-runtime/contract/try-recv-error.js';
export { ProviderCompletionHandle } from './provider-runtime/provider-completion-handle.js';
export type { ProviderEffectPublishReport } from './provider-runtime/provider-effect-publish-report.js';
export type {
  ProviderReceipt,
  ProviderReceiptStatus,
} from './provider-runtime/provider-receipt.js';
export { ProviderRuntimeAuthorityHandle } from './provider-runtime/provider-runtime-authority-handle.js';
export { ProviderRuntimeHandle } from './provider-runtime/provider-runtime-handle.js';
export type { PublishReport } from './publish/publish-report.js';
export { SubscriberList } from './publish/subscriber-list.js';
export { Subscription } from './publish/subscription.js';
export type {
  EventSubscription,
  ToolAuthorityOutcomeSubscription,
  ToolCompletionSubscription,
  ToolRequestOutcomeSubscription,
} from './publish/subscription-kinds.js';
export { BoundedQueue } from './queue/bounded-queue.js';
export { ListenerSet } from './queue/listener-set.js';
export type { AsyncReceiveSource, ReceiveOptions } from './queue/receive-async.js';
export { receiveIterator, receiveNext } from './queue/receive-async.js';
export { TrySendError } from './queue/try-send-error.js';
export type { ToolAuthorityCounter } from './tool/tool-authority-error.js';
export { ToolAuthorityError } from './tool/tool-authority-error.js';
export { ToolAuthorityHandle } from './tool/tool-authority-handle.js';
export { ToolClientDispatchError } from './tool/tool-client-dispatch-error.js';
export { ToolClientHandle } from './tool/tool-client-handle.js';
export type { ToolClientSnapshot } from './tool/tool-client-snapshot.js';
export type {
  ToolCompletionDelivery,
  ToolCompletionSourceGap,
} from './tool/tool-completion-delivery.js';
