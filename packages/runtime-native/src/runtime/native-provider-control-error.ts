import type { ProviderRuntimeError } from '@gate4agent/handle';
import type { ToolProviderId } from '@gate4agent/tool-protocol';
import type { SchemaViolation } from '@gate4agent/types';
import type { ProviderSupervisorBuildError } from '../supervisor/provider-supervisor-build-error.js';
import type { ProviderSupervisorSnapshot } from '../supervisor/provider-supervisor-snapshot.js';
import type { ProviderSupervisorState } from '../supervisor/provider-supervisor-state.js';

/** Why a native provider could not be installed or retired (upstream `NativeProviderControlError`). */
export type NativeProviderControlError =
  | {
      readonly kind: 'unknown-provider';
      readonly providerId: ToolProviderId;
      readonly message: string;
    }
  | {
      readonly kind: 'unsupported-owner';
      readonly providerId: ToolProviderId;
      readonly message: string;
    }
  | {
      readonly kind: 'already-installed';
      readonly state: ProviderSupervisorState;
      readonly message: string;
    }
  | {
      readonly kind: 'not-installed';
      readonly providerId: ToolProviderId;
      readonly message: string;
    }
  | {
      readonly kind: 'invalid-input';
      readonly method: string;
      readonly violation: SchemaViolation;
      readonly message: string;
    }
  | { readonly kind: 'pending-supervisor-events'; readonly message: string }
  | { readonly kind: 'runtime'; readonly error: ProviderRuntimeError; readonly message: string }
  | {
      readonly kind: 'build';
      readonly error: ProviderSupervisorBuildError;
      readonly message: string;
    };

/** One factory per {@link NativeProviderControlError} variant (what happened, with the values, and what to do). */
export const NativeProviderControlError = {
  unknownProvider: (providerId: ToolProviderId): NativeProviderControlError => ({
    kind: 'unknown-provider',
    providerId,
    message: `tool provider '${providerId}' is not registered in this native runtime; add its descriptor to the runtime's providers or use a registered provider id`,
  }),
  unsupportedOwner: (providerId: ToolProviderId): NativeProviderControlError => ({
    kind: 'unsupported-owner',
    providerId,
    message: `tool provider '${providerId}' is not owned by gate4agent (its descriptor names another owner); install a native executor only for a gate4agent-owned provider`,
  }),
  alreadyInstalled: (state: ProviderSupervisorState): NativeProviderControlError => ({
    kind: 'already-installed',
    state,
    message: `native provider supervisor is already installed in state ${state}; retire it and tick until it is closed first`,
  }),
  notInstalled: (providerId: ToolProviderId): NativeProviderControlError => ({
    kind: 'not-installed',
    providerId,
    message: `native provider supervisor is not installed for '${providerId}'; install it with installNativeProvider() first`,
  }),
  invalidInput: (method: string, violation: SchemaViolation): NativeProviderControlError => ({
    kind: 'invalid-input',
    method,
    violation,
    message: `native runtime refused ${method}: ${violation.message}. Nothing was changed; pass a valid value and retry`,
  }),
  pendingSupervisorEvents: (): NativeProviderControlError => ({
    kind: 'pending-supervisor-events',
    message:
      'retired provider supervisor still has undelivered lifecycle events; drain exit acks and faults first',
  }),
  runtime: (error: ProviderRuntimeError): NativeProviderControlError => ({
    kind: 'runtime',
    error,
    message: `native provider runtime failed: ${error.message}; check the provider runtime error above and retry`,
  }),
  build: (error: ProviderSupervisorBuildError): NativeProviderControlError => ({
    kind: 'build',
    error,
    message: `native provider supervisor build failed: ${error.message}; nothing was installed, correct the descriptor and retry`,
  }),
} as const;

/** Why `shutdownNativeProviders()` did not finish cleanly (upstream `NativeProviderShutdownError`). */
export type NativeProviderShutdownError =
  | {
      readonly kind: 'control';
      readonly error: NativeProviderControlError;
      readonly message: string;
    }
  | {
      readonly kind: 'timed-out';
      /** Snapshots of the supervisors that were not closed at the deadline. */
      readonly pending: readonly ProviderSupervisorSnapshot[];
      readonly message: string;
    };

/** One factory per {@link NativeProviderShutdownError} variant (what happened, with the values, and what to do). */
export const NativeProviderShutdownError = {
  control: (error: NativeProviderControlError): NativeProviderShutdownError => ({
    kind: 'control',
    error,
    message: `native provider retirement reported an error: ${error.message}; resolve it, then call shutdownNativeProviders() again`,
  }),
  timedOut: (pending: readonly ProviderSupervisorSnapshot[]): NativeProviderShutdownError => ({
    kind: 'timed-out',
    pending,
    message: `native provider shutdown timed out with ${pending.length} supervisor(s) not closed (${pending.map((snapshot) => `${snapshot.providerId} in state ${snapshot.state}`).join(', ')}) and their physical owners retained; keep ticking, then call shutdownNativeProviders() again`,
  }),
} as const;
