export type { AgentRuntime, AgentSessionLike } from './agent-runtime.js';
export { ApprovalRequests } from './client/approval-requests.js';
export type { FleetClientOptions } from './client/fleet-client.js';
export { FleetClient } from './client/fleet-client.js';
export type { FleetCompletion, HostLostCompletion } from './client/fleet-completion.js';
export type { FleetExitAck } from './client/fleet-event-router.js';
export type { HostLost } from './client/fleet-session.js';
export { FleetSession } from './client/fleet-session.js';
export { FleetToolAuthority, FleetToolClient } from './client/fleet-tool-client.js';
export {
  DEFAULT_FLEET_REPLICAS,
  DEFAULT_FRAME_INTERVAL_MS,
  DEFAULT_HEARTBEAT_MS,
  DEFAULT_HOST_TIMEOUT_MS,
  DEFAULT_PROVIDER_HOST_TIMEOUT_MS,
  DEFAULT_PROVIDER_POLL_MS,
  FLEET_COMMAND_ATTEMPT_MS,
  FLEET_COMMAND_TIMEOUT_MS,
  FLEET_DUPLICATE_WINDOW_MS,
  FLEET_EVENT_MAX_AGE_MS,
  FLEET_EXIT_ACK_SUBSCRIBERS,
  FLEET_HOST_BUCKET,
  FLEET_MESSAGE_MAX_BYTES,
  FLEET_PROVIDER_OPERATIONS_MAX,
  FLEET_PUBLISH_RETRY_MS,
  FLEET_RECENT_COMMANDS,
  FLEET_RETRY_INTERVAL_MS,
  FLEET_SESSION_FRAME_SUBSCRIBERS,
  FLEET_SUBJECTS_PER_SESSION,
  FLEET_SUBSCRIPTION_CAPACITY,
  FLEET_TOKEN_MAX_BYTES,
} from './constants.js';
export type { FleetErrorKind, FleetRemoteError } from './fleet-error.js';
export { FleetError } from './fleet-error.js';
export type { FleetHostOptions } from './host/fleet-host.js';
export { FleetHost } from './host/fleet-host.js';
export type { FleetProviderExecutorOptions } from './provider/fleet-provider-executor.js';
export { FleetProviderExecutor } from './provider/fleet-provider-executor.js';
export type { FleetProviderServerOptions } from './provider/fleet-provider-server.js';
export { FleetProviderServer } from './provider/fleet-provider-server.js';
export { createFleetUserKey, fleetConnectOptions } from './server/fleet-connect-options.js';
export type { FleetUser, FleetUserPermissions } from './server/fleet-permissions.js';
export { fleetAuthorizationConfig, fleetUserPermissions } from './server/fleet-permissions.js';
export { FleetSubjects, isFleetToken } from './subjects.js';
