import { err, ok, type Result } from '@gate4agent/types';
import { type CapabilityAdapterError, capabilityAdapterError } from '../errors/leaf-errors.js';
import type { CapabilityEffect } from '../lifecycle/capability-effect.js';
import {
  type CapabilityProjectionAdapter,
  PreparedCapability,
} from '../projection/prepared-capability.js';
import type { CapabilityValue } from '../values/capability-value.js';
import type { Latch } from './latch.js';

/** Returns `value` at once, with `effect` when given. */
export class ReadyAdapter implements CapabilityProjectionAdapter {
  constructor(
    private readonly value: CapabilityValue,
    private readonly effect: CapabilityEffect | null = null,
  ) {}

  async prepare(): Promise<Result<PreparedCapability, CapabilityAdapterError>> {
    const prepared = new PreparedCapability(this.value);
    if (this.effect !== null) prepared.pushEffect(this.effect);
    return ok(prepared);
  }
}

/** Fails with "host batch failure". */
export class FailingAdapter implements CapabilityProjectionAdapter {
  async prepare(): Promise<Result<PreparedCapability, CapabilityAdapterError>> {
    return err(capabilityAdapterError('host batch failure'));
  }
}

/** Signals `entered`, waits for its cancellation, then fails with "preparation cancelled". */
export class CancellationWaitingAdapter implements CapabilityProjectionAdapter {
  constructor(private readonly entered: Latch) {}

  async prepare(signal: AbortSignal): Promise<Result<PreparedCapability, CapabilityAdapterError>> {
    this.entered.signal();
    await new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
    });
    return err(capabilityAdapterError('preparation cancelled'));
  }
}

/** Pushes `effect`, signals `prepared`, then returns `value`. */
export class SignallingReadyAdapter implements CapabilityProjectionAdapter {
  constructor(
    private readonly value: CapabilityValue,
    private readonly effect: CapabilityEffect,
    private readonly prepared: Latch,
  ) {}

  async prepare(): Promise<Result<PreparedCapability, CapabilityAdapterError>> {
    const capability = new PreparedCapability(this.value).pushEffect(this.effect);
    this.prepared.signal();
    return ok(capability);
  }
}

/**
 * Ignores cancellation: resolves with `value` and `effect` only when `release` is signalled,
 * even after its batch was abandoned (the non-cooperative adapter of spec §11.9 (5)).
 */
export class LateAdapter implements CapabilityProjectionAdapter {
  constructor(
    private readonly value: CapabilityValue,
    private readonly effect: CapabilityEffect,
    private readonly entered: Latch,
    private readonly release: Latch,
  ) {}

  async prepare(): Promise<Result<PreparedCapability, CapabilityAdapterError>> {
    this.entered.signal();
    await this.release.wait(30_000);
    return ok(new PreparedCapability(this.value).pushEffect(this.effect));
  }
}
