// Samples for kernel, handle and testkit.
import {
  NativeProviderOperationError,
  PortDispatchError,
  ProviderRuntimeError,
  ToolAuthorityError,
  ToolClientDispatchError,
  TryRecvError,
  TrySendError,
} from '@gate4agent/handle';
import {
  KernelCommandError,
  KernelIntegrationError,
  KernelProviderError,
  KernelToolError,
} from '@gate4agent/kernel';
import { ControlledExitFixtureError } from '@gate4agent/testkit';
import { ToolEngineError } from '@gate4agent/tool-engine';
import { ToolValidationError } from '@gate4agent/tool-protocol';
import { ControlError } from '@gate4agent/types';
import type { ErrorFamily } from './error-family.js';

const violation = {
  kind: 'schema-violation',
  schema: 'CommandEnvelope',
  path: '/command/kind',
  message: 'CommandEnvelope at /command/kind: unknown kind "launch"',
};
const engineError = ToolEngineError.duplicateProvider('p1' as never);
const validation = ToolValidationError.required('tool actor id');
const control = ControlError.unknownInstance(7 as never);
const integration = KernelIntegrationError.backendRevisionExhausted(99);
const health = {
  operationIdExhausted: true,
  eventSequenceExhausted: false,
  revisionExhausted: false,
  providerSequenceExhaustedSessions: 2,
  retainedInstanceIdentities: 5,
  retainedInstanceIdentityCapacity: 1024,
};

/** The families of @gate4agent/kernel, handle and testkit. */
export const edgeFamilies: readonly ErrorFamily[] = [
  {
    name: 'kernel KernelIntegrationError',
    factory: KernelIntegrationError,
    samples: {
      logicalTickExhausted: [99],
      backendRevisionExhausted: [99],
      controlHealthExhausted: [health],
      controlObservation: [7, control],
      toolClock: [engineError],
      toolInstanceSync: [7, engineError],
      toolEffectProviderUnbound: [41, 'p1'],
    },
  },
  {
    name: 'kernel KernelCommandError',
    factory: KernelCommandError,
    samples: {
      integrationBlocked: [integration],
      unknownAgent: ['nope'],
      unsupportedTransport: ['codex', 'pipe'],
      control: [control],
    },
  },
  {
    name: 'kernel KernelToolError',
    factory: KernelToolError,
    samples: {
      engine: [engineError],
      validation: [validation],
      providerUnavailable: ['p1'],
      providerBindingMismatch: ['p1', 4, 3],
      integrationBlocked: [],
    },
  },
  {
    name: 'kernel KernelProviderError',
    factory: KernelProviderError,
    samples: {
      validation: [validation],
      sequenceExhausted: [],
      sequenceRegressed: [10, 9],
      unknownProvider: ['p1'],
      invalidAttachBinding: [5, 4],
      alreadyAttached: ['p1', 4],
      notAttached: ['p1'],
      bindingMismatch: ['p1', 4, 3],
      engine: [engineError],
      integrationBlocked: [],
    },
  },
  {
    name: 'handle ProviderRuntimeError',
    factory: ProviderRuntimeError,
    samples: {
      capacityExceeded: [],
      alreadyBound: [],
      counterExhausted: ['provider-runtime-sequence'],
      foreignInvocation: [],
      inactive: [],
      alreadyCompleted: [],
      invalidObservation: [],
      full: [],
      disconnected: [],
    },
  },
  { name: 'handle TryRecvError', factory: TryRecvError, samples: { empty: [], disconnected: [] } },
  { name: 'handle TrySendError', factory: TrySendError, samples: { full: [], disconnected: [] } },
  {
    name: 'handle PortDispatchError',
    factory: PortDispatchError,
    samples: { full: [], disconnected: [], invalidInput: [violation] },
  },
  {
    name: 'handle ToolAuthorityError',
    factory: ToolAuthorityError,
    samples: {
      clientCapacityExceeded: [],
      counterExhausted: ['consumer-id'],
      foreignClient: [],
      clientClosed: [],
      closeRequiresMethod: [],
      full: [],
      disconnected: [],
      invalidInput: [violation],
    },
  },
  {
    name: 'handle ToolClientDispatchError',
    factory: ToolClientDispatchError,
    samples: {
      inactive: [],
      providerUnavailable: ['p1'],
      invalidRequest: [validation],
      full: [],
      disconnected: [],
      invalidInput: [violation],
    },
  },
  {
    name: 'handle NativeProviderOperationError',
    factory: NativeProviderOperationError,
    samples: { of: ['fixture-kill-failed'] },
  },
  {
    name: 'testkit ControlledExitFixtureError',
    factory: ControlledExitFixtureError,
    samples: {
      invalidRoot: [],
      invalidTarget: ['started marker'],
      targetExists: ['release signal'],
      duplicateTargets: [],
    },
  },
];
