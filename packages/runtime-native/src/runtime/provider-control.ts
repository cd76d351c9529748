// The provider-control operations of `NativeRuntime` (install, retire, shut down, drain), as
// functions over its state: the class's methods of the same names call these.
import { setTimeout as delay } from 'node:timers/promises';
import type { NativeProviderExecutor } from '@gate4agent/handle';
import type { ProviderBindingId, ToolProviderId } from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { err, ok } from '@gate4agent/types';
import { MAX_PROVIDER_SHUTDOWN_TIMEOUT_MS } from '../constants.js';
import type { PhysicalExitAck } from '../supervisor/physical-exit-ack.js';
import type { ProviderSupervisorFault } from '../supervisor/provider-supervisor-fault.js';
import {
  assertExecutor,
  assertLimit,
  checkProviderId,
  checkWorkCapacity,
} from './check-runtime-input.js';
import {
  type NativeProviderControlError,
  NativeProviderShutdownError,
} from './native-provider-control-error.js';
import { assertLive, type NativeRuntimeState } from './native-runtime-state.js';

/** `installNativeProvider`: checks the arguments, then installs a supervisor. */
export function installProvider(
  state: NativeRuntimeState,
  providerId: ToolProviderId,
  workCapacity: number,
  executor: NativeProviderExecutor,
): Result<ProviderBindingId, NativeProviderControlError> {
  assertLive(state);
  const checkedId = checkProviderId('installNativeProvider', providerId);
  if (!checkedId.ok) return checkedId;
  const checkedCapacity = checkWorkCapacity(workCapacity);
  if (!checkedCapacity.ok) return checkedCapacity;
  assertExecutor(executor);
  return state.providers.install(providerId, workCapacity, executor);
}

/** `retireNativeProvider`: begins one provider's retirement (idempotent). */
export function retireProvider(
  state: NativeRuntimeState,
  providerId: ToolProviderId,
): Result<void, NativeProviderControlError> {
  assertLive(state);
  const checked = checkProviderId('retireNativeProvider', providerId);
  if (!checked.ok) return checked;
  return state.providers.retire(providerId);
}

/** `retireAllNativeProviders`: begins every retirement; the first error after trying them all. */
export function retireAllProviders(
  state: NativeRuntimeState,
): Result<void, NativeProviderControlError> {
  assertLive(state);
  return state.providers.retireAll();
}

/**
 * `shutdownNativeProviders`: retires every provider and calls `tick` (sleeping
 * `workerPollIntervalMs` between calls) until all are closed, or fails with the still-open
 * snapshots at `providerShutdownTimeoutMs`.
 */
export async function shutdownProviders(
  state: NativeRuntimeState,
  tick: () => void,
): Promise<Result<void, NativeProviderShutdownError>> {
  const retired = retireAllProviders(state);
  const { config, providers } = state;
  const timeout = Math.min(
    Math.max(config.providerShutdownTimeoutMs, 1),
    MAX_PROVIDER_SHUTDOWN_TIMEOUT_MS,
  );
  const deadline = state.now() + timeout;
  while (!providers.shutdownComplete()) {
    tick();
    if (providers.shutdownComplete()) break;
    const now = state.now();
    if (now >= deadline) {
      return err(NativeProviderShutdownError.timedOut(providers.pendingSnapshots()));
    }
    await delay(Math.min(Math.max(config.workerPollIntervalMs, 1), deadline - now));
  }
  return retired.ok ? ok() : err(NativeProviderShutdownError.control(retired.error));
}

/** `drainProviderExitAcks`: checks the limit, then collects and removes up to `limit` acks. */
export function drainExitAcks(state: NativeRuntimeState, limit: number): PhysicalExitAck[] {
  assertLimit('drainProviderExitAcks', limit);
  return state.providers.drainExitAcks(limit);
}

/** `drainProviderFaults`: checks the limit, then collects and removes up to `limit` faults. */
export function drainFaults(state: NativeRuntimeState, limit: number): ProviderSupervisorFault[] {
  assertLimit('drainProviderFaults', limit);
  return state.providers.drainFaults(limit);
}
