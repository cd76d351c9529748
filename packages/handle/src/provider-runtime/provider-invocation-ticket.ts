import type {
  CapabilityEffectEnvelope,
  CapabilityRequestKey,
  ProviderBindingId,
  ResourceScopeId,
  ToolCapabilityId,
  ToolOperationId,
} from '@gate4agent/tool-protocol';
import { ProviderCancellationToken } from './contract/provider-cancellation-token.js';
import type { ProviderInvocation } from './contract/provider-invocation.js';
import type { ProviderBinding } from './provider-binding.js';
import type { ProviderOperation } from './provider-operation.js';

// Node's `util.inspect.custom`, by its registered name, so this package loads without Node.
const INSPECT: unique symbol = Symbol.for('nodejs.util.inspect.custom');

type InvokeEffect = Extract<CapabilityEffectEnvelope['effect'], { kind: 'invoke' }>;

/**
 * The concrete {@link ProviderInvocation}: a one-shot ticket bound to the binding instance that
 * received it. Only `tryComplete` on that same binding may consume it, once.
 */
export class ProviderInvocationTicket implements ProviderInvocation {
  /** @internal */
  readonly binding: ProviderBinding;
  /** @internal */
  readonly operation: ProviderOperation;
  /** @internal the effect exactly as the kernel released it. */
  readonly effect: CapabilityEffectEnvelope;
  readonly #bindingId: ProviderBindingId;
  readonly #invoke: InvokeEffect;
  /** @internal set once a terminal observation was enqueued. */
  submitted = false;

  constructor(
    binding: ProviderBinding,
    operation: ProviderOperation,
    bindingId: ProviderBindingId,
    effect: CapabilityEffectEnvelope,
    invoke: InvokeEffect,
  ) {
    this.binding = binding;
    this.operation = operation;
    this.#bindingId = bindingId;
    this.effect = effect;
    this.#invoke = invoke;
  }

  bindingId(): ProviderBindingId {
    return this.#bindingId;
  }

  operationId(): ToolOperationId {
    return this.effect.operationId;
  }

  requestKey(): CapabilityRequestKey {
    return this.effect.requestKey;
  }

  capabilityId(): ToolCapabilityId {
    return this.#invoke.capabilityId;
  }

  deadlineTick(): number {
    return this.effect.deadlineTick;
  }

  resourceScopeId(): ResourceScopeId {
    return this.#invoke.resourceScopeId;
  }

  payload(): Uint8Array {
    return this.#invoke.payload;
  }

  /** Cancelled by an exact cancel, by the binding's close, fault, quiesce or retirement. */
  cancellationToken(): ProviderCancellationToken {
    return new ProviderCancellationToken(this.operation.cancelled, this.binding.cancelled);
  }

  /** Inspection never shows payload bytes, only their count. */
  [INSPECT](): string {
    return `ProviderInvocation { bindingId: ${this.#bindingId}, operationId: ${this.effect.operationId}, capabilityId: ${JSON.stringify(this.#invoke.capabilityId)}, payloadBytes: ${this.#invoke.payload.length}, submitted: ${this.submitted} }`;
  }
}
