import type {
  CapabilityRequestKey,
  InvocationCancelReason,
  ProviderBindingId,
  ToolOperationId,
} from '@gate4agent/tool-protocol';

/** The fields of a {@link ProviderCancellation}. */
export interface ProviderCancellationInit {
  readonly bindingId: ProviderBindingId;
  readonly operationId: ToolOperationId;
  readonly requestKey: CapabilityRequestKey;
  readonly reason: InvocationCancelReason;
}

/**
 * The engine's cancel for one released invocation, delivered as `{ kind: 'cancel' }` work. It
 * names the operation exactly (binding, operation id, request key) and says why.
 */
export class ProviderCancellation {
  readonly #init: ProviderCancellationInit;

  /** Wraps the cancel's identity and reason. */
  constructor(init: ProviderCancellationInit) {
    this.#init = { ...init };
  }

  /** The binding the cancelled invocation was released to. */
  bindingId(): ProviderBindingId {
    return this.#init.bindingId;
  }

  /** The cancelled operation. */
  operationId(): ToolOperationId {
    return this.#init.operationId;
  }

  /** The request key of the cancelled operation. */
  requestKey(): CapabilityRequestKey {
    return this.#init.requestKey;
  }

  /** Why the engine cancelled it. */
  reason(): InvocationCancelReason {
    return this.#init.reason;
  }
}
