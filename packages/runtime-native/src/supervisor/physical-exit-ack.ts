import type { NativeProviderExit, ProviderOperationKey } from '@gate4agent/handle';
import type { ProviderBindingId, ToolProviderId } from '@gate4agent/tool-protocol';
import type { ProviderStopCause } from './provider-stop-cause.js';

/**
 * Proof that one physical operation has exited and been reaped, with what the supervisor
 * attempted (`…Attempted`) and what the executor accepted (`…Signalled`) on the way.
 */
export interface PhysicalExitAck {
  readonly providerId: ToolProviderId;
  readonly bindingId: ProviderBindingId;
  readonly operation: ProviderOperationKey;
  readonly exit: NativeProviderExit;
  readonly stopSignalAttempted: boolean;
  readonly stopSignalled: boolean;
  readonly forceStopAttempted: boolean;
  readonly forceStopSignalled: boolean;
  readonly stopCause: ProviderStopCause | null;
}
