import type { CapabilityCompletionEnvelope, CapabilityRequestKey } from '@gate4agent/tool-protocol';

/**
 * The completion of a tool request whose host was lost before it completed: the fleet's one
 * terminal outcome beyond the tool protocol's own.
 */
export interface HostLostCompletion {
  readonly requestKey: CapabilityRequestKey;
  readonly instanceId: number;
  readonly generation: number;
  readonly providerId: string;
  readonly operationId: null;
  readonly outcome: {
    readonly kind: 'host-lost';
    readonly hostId: string;
    readonly message: string;
  };
}

/** How a tool request through the fleet ended: the host's completion, or `host-lost`. */
export type FleetCompletion = CapabilityCompletionEnvelope | HostLostCompletion;
