import type {
  CapabilityObservation,
  CapabilityResult,
  ToolFailure,
} from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import type { ProviderInvocation } from './contract/provider-invocation.js';
import type { ProviderRuntimeError } from './contract/provider-runtime-error.js';
import type { ProviderBinding } from './provider-binding.js';
import { tryComplete } from './try-complete.js';

/**
 * A shareable completion sender for the invocations of one binding, for workers that finish
 * invocations away from the runtime handle.
 */
export class ProviderCompletionHandle {
  readonly #binding: ProviderBinding;

  /** @internal obtained from `ProviderRuntimeHandle.completionHandle()`. */
  constructor(binding: ProviderBinding) {
    this.#binding = binding;
  }

  /** Another completion sender for the same binding (Rust `Clone`). */
  clone(): ProviderCompletionHandle {
    return new ProviderCompletionHandle(this.#binding);
  }

  /**
   * Enqueues the terminal observation of `invocation`; the returned sequence is not an
   * acknowledgement: the receipt reports the kernel's disposition later.
   */
  tryComplete(
    invocation: ProviderInvocation,
    observation: CapabilityObservation,
  ): Result<number, ProviderRuntimeError> {
    return tryComplete(this.#binding, invocation, observation);
  }

  /** {@link tryComplete} with a `succeeded` observation. */
  trySucceed(
    invocation: ProviderInvocation,
    result: CapabilityResult,
  ): Result<number, ProviderRuntimeError> {
    return this.tryComplete(invocation, { kind: 'succeeded', result });
  }

  /** {@link tryComplete} with a `failed` observation. */
  tryFail(
    invocation: ProviderInvocation,
    failure: ToolFailure,
  ): Result<number, ProviderRuntimeError> {
    return this.tryComplete(invocation, { kind: 'failed', failure });
  }
}
