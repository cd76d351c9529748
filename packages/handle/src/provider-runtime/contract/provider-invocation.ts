import type {
  CapabilityRequestKey,
  ProviderBindingId,
  ResourceScopeId,
  ToolCapabilityId,
  ToolOperationId,
} from '@gate4agent/tool-protocol';
import type { ProviderCancellationToken } from './provider-cancellation-token.js';

/**
 * A one-shot, opaque ticket for one admitted capability invocation, delivered to a provider
 * runtime as `{ kind: 'invoke' }` work. Its correlation identity cannot be rewritten; it is
 * handed back to `tryComplete` exactly once with the terminal observation. The provider-runtime
 * handle implements it; executors only read it.
 */
export interface ProviderInvocation {
  /** The provider binding the invocation was released to. */
  bindingId(): ProviderBindingId;
  /** The engine's id of this operation. */
  operationId(): ToolOperationId;
  /** The requesting client's key (consumer, actor, local id). */
  requestKey(): CapabilityRequestKey;
  /** The capability to run. */
  capabilityId(): ToolCapabilityId;
  /** The logical tick after which the engine closes the request. */
  deadlineTick(): number;
  /** The resource scope the grant covers. */
  resourceScopeId(): ResourceScopeId;
  /** The request payload. */
  payload(): Uint8Array;
  /** Cancelled once the operation or its binding is cancelled. */
  cancellationToken(): ProviderCancellationToken;
}
