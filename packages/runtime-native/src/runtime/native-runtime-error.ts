import type { ToolProviderId } from '@gate4agent/tool-protocol';
import { thrownMessage } from '../supervisor/guarded-call.js';
import {
  describeFaultKind,
  type ProviderSupervisorFault,
} from '../supervisor/provider-supervisor-fault.js';

/**
 * A failure the runtime contained and reports on its error channel (`runtime.onError`,
 * `runtime.subscribeErrors`): the runtime kept ticking and serving everyone else.
 *
 * - `provider-faulted`: a provider supervisor recorded a fault that blocks detach (an executor
 *   that threw, returned an invalid value or hung, among others); executor faults also retire it.
 * - `provider-tick-threw`: a provider's supervision step threw; the provider is retired.
 * - `session-worker-failed`: one agent instance's effect worker threw; its effect failed (or
 *   its sessions were killed), the other instances go on.
 * - `mcp-detach-failed`: ending an instance's MCP attachment (the attacher's `dispose`) or removing
 *   its scratch config directory failed once the instance was removed.
 * - `listener-threw`: a listener the app registered (ingress, executor activity, `onError`) threw.
 * - `tick-threw`: a runtime tick phase threw; the host driver goes on ticking.
 */
export type NativeRuntimeError =
  | {
      readonly kind: 'provider-faulted';
      readonly providerId: ToolProviderId;
      readonly fault: ProviderSupervisorFault;
      readonly message: string;
    }
  | {
      readonly kind: 'provider-tick-threw';
      readonly providerId: ToolProviderId;
      readonly message: string;
      readonly cause: unknown;
    }
  | {
      readonly kind: 'session-worker-failed';
      readonly instanceId: number;
      readonly message: string;
      readonly cause: unknown;
    }
  | {
      readonly kind: 'mcp-detach-failed';
      readonly instanceId: number;
      readonly message: string;
      readonly cause: unknown;
    }
  | { readonly kind: 'listener-threw'; readonly message: string; readonly cause: unknown }
  | { readonly kind: 'tick-threw'; readonly message: string; readonly cause: unknown };

/** Factories that build each error with its plain-English message. */
export const NativeRuntimeError = {
  providerFaulted: (fault: ProviderSupervisorFault): NativeRuntimeError => {
    const operation = fault.operation === null ? '' : ` (operation ${fault.operation.operationId})`;
    const detail = describeFaultKind(fault.kind, fault.executorErrorCode);
    return {
      kind: 'provider-faulted',
      providerId: fault.providerId,
      fault,
      message: `provider ${fault.providerId} is faulted${operation}: ${detail}; its operations are being stopped; correct the executor (or drain faults sooner) and install it again`,
    };
  },
  providerTickThrew: (providerId: ToolProviderId, cause: unknown): NativeRuntimeError => ({
    kind: 'provider-tick-threw',
    providerId,
    cause,
    message: `supervising provider ${providerId} threw (${thrownMessage(cause)}); it is being retired and the other providers keep running, check its executor and install it again`,
  }),
  sessionWorkerFailed: (instanceId: number, cause: unknown): NativeRuntimeError => ({
    kind: 'session-worker-failed',
    instanceId,
    cause,
    message: `the effect worker of agent instance ${instanceId} threw (${thrownMessage(cause)}); that instance's effect failed and the other instances keep running, check the cause and launch the agent again`,
  }),
  mcpDetachFailed: (instanceId: number, cause: unknown): NativeRuntimeError => ({
    kind: 'mcp-detach-failed',
    instanceId,
    cause,
    message: `the MCP attachment of agent instance ${instanceId} could not be ended (${thrownMessage(cause)}); its MCP server or scratch config directory may be left over, check the attacher's dispose and the directory`,
  }),
  listenerThrew: (cause: unknown): NativeRuntimeError => ({
    kind: 'listener-threw',
    cause,
    message: `a runtime listener threw (${thrownMessage(cause)}); the runtime went on, correct the listener so that it does not throw`,
  }),
  tickThrew: (cause: unknown): NativeRuntimeError => ({
    kind: 'tick-threw',
    cause,
    message: `a runtime tick threw (${thrownMessage(cause)}); the host driver keeps ticking, check the cause and report it`,
  }),
} as const;
