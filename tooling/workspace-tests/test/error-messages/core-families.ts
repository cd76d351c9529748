// Samples for the pure core packages: types, tool-protocol, tool-engine.

import { ToolEngineError } from '@gate4agent/tool-engine';
import {
  type CapabilityRequestKey,
  type ConsumerId,
  type ToolActorId,
  type ToolCapabilityId,
  type ToolProviderId,
  ToolValidationError,
} from '@gate4agent/tool-protocol';
import {
  AdapterBindingError,
  type AgentId,
  type AgentInstanceId,
  ControlError,
  ControlErrorSchema,
  InputPrepareError,
  InputPrepareErrorSchema,
  type OperationId,
  ProviderEventValidationError,
  type ProviderInteractionId,
  ProviderInteractionResponseError,
  ProviderRuntimePolicyErrorSchema,
  providerRuntimePolicyError,
  type SessionGeneration,
  SessionOptionValidationError,
  slugIdErrors,
} from '@gate4agent/types';
import { type ErrorFamily, perKind } from './error-family.js';

const instance = 7 as AgentInstanceId;
const generation = 3 as SessionGeneration;
const operation = 41 as OperationId;
const interaction = 9 as ProviderInteractionId;
const provider = 'p1' as ToolProviderId;
const otherProvider = 'p2' as ToolProviderId;
const consumer = 'app' as ConsumerId;
const actor = 'alice' as ToolActorId;
const capability = 'browser.open' as ToolCapabilityId;
const requestKey: CapabilityRequestKey = {
  consumerId: consumer,
  actorId: actor,
  localId: 12,
} as CapabilityRequestKey;
const validation = ToolValidationError.required('tool actor id');
const inputError = InputPrepareError.inputTooLarge(5, 4);
const policyError = providerRuntimePolicyError('structured-prompt-requires-readiness');
const gate = {
  kind: 'trust' as const,
  agentId: 'claude',
  text: 'Do you trust the files in this folder?',
};
const source = {
  family: 'pty-semantic',
  binding: { id: 'claude-hook', revision: 'r1', verification: 'reference' },
};

const unionKinds = (schema: { anyOf: readonly { properties: { kind: { const: string } } }[] }) =>
  schema.anyOf.map((variant) => variant.properties.kind.const);

/** The families of @gate4agent/types, tool-protocol and tool-engine. */
export const coreFamilies: readonly ErrorFamily[] = [
  {
    name: 'types ControlError',
    factory: ControlError,
    kinds: unionKinds(ControlErrorSchema as never),
    samples: {
      unsupportedProtocolVersion: [28, 27],
      duplicateInstance: [instance],
      sessionCapacityExceeded: [instance, 64],
      instanceIdentityCapacityExceeded: [instance, 1024],
      unknownInstance: [instance],
      generationExhausted: [instance, generation],
      operationIdExhausted: [],
      eventSequenceExhausted: [],
      revisionExhausted: [],
      providerSequenceExhausted: [instance, generation],
      providerSourceSequenceExhausted: [instance, generation, source],
      operationPending: [instance, operation],
      inputRejected: [inputError],
      operatorActionRequired: {
        args: [instance, gate],
        values: ['7', 'trust', 'Do you trust the files in this folder?'],
      },
      invalidProviderRuntimePolicy: [policyError],
      providerRuntimePolicyDenied: ['raw-pty-lifecycle'],
      invalidTerminalSize: [],
      invalidWorkingDirectory: [],
      missingInitialPrompt: [],
      invalidSessionOptions: ['model is empty'],
      invalidCapabilityProbeRequest: ['no agent'],
      capabilityProbeOperationPending: [operation],
      capabilityProbeSettled: [],
      invalidHistoryRequest: ['limit is 0'],
      historyOperationPending: [operation],
      unknownHistoryCandidate: [],
      invalidResumeRequest: ['no candidate'],
      missingProviderSession: [],
      historyCandidateNotLoaded: [],
      unsupportedTransportOperation: ['pipe', 'resize'],
      invalidTransition: [instance, 'start', { kind: 'running' }],
      staleProviderGeneration: [4, 3],
      staleProviderSequence: [],
      invalidProviderBatch: [64],
      invalidProviderEvent: ['tool name is empty'],
      staleProviderInteractionGeneration: [4, 3],
      unknownProviderInteraction: [interaction],
      providerInteractionNotPending: [interaction],
      invalidProviderInteractionResponse: ['answer is empty'],
    },
  },
  {
    name: 'types InputPrepareError',
    factory: InputPrepareError,
    kinds: unionKinds(InputPrepareErrorSchema as never),
    samples: {
      zeroChunkLimit: [],
      inputTooLarge: [5, 4],
      chunkLimitTooSmall: [4, 3],
      emptyTerminalBytes: [],
      controlCharacterInTerminalText: { args: [2, 9], values: ['U+0009', '2'] },
      agentDispatcherRequired: [],
      agentTargetMismatch: ['codex' as AgentId, 'claude' as AgentId],
      invalidAgentCommandName: ['bad name'],
      invalidAgentCommandArgument: [1],
      shellDispatcherRequired: [],
      emptyShellCommand: [],
      controlCharacterInShellCommand: { args: [1, 127], values: ['U+007F', '1'] },
    },
  },
  {
    name: 'types ProviderRuntimePolicyError',
    factory: perKind(
      (ProviderRuntimePolicyErrorSchema as never as { properties: { kind: { enum: string[] } } })
        .properties.kind.enum as never[],
      (kind) => providerRuntimePolicyError(kind),
    ),
    samples: {
      'semantic-capability-requires-raw-pty': [],
      'structured-prompt-requires-readiness': [],
      'resume-requires-session-identity': [],
    },
  },
  {
    name: 'types ProviderEventValidationError',
    factory: ProviderEventValidationError,
    samples: {
      empty: ['tool name'],
      invalidField: ['tool name', 256],
      tooManyTools: [65, 64],
      invalidInteractionResolutionOutcome: ['pending'],
      zeroContextWindowCapacity: [],
      contextWindowSegmentsOverflow: [],
      contextWindowSegmentsMismatch: [5, 4],
    },
  },
  {
    name: 'types ProviderInteractionResponseError',
    factory: ProviderInteractionResponseError,
    samples: {
      emptyAnswer: [],
      invalidAnswer: [4096],
      answerRequiresQuestion: [],
      approvalRequiresApproval: [],
    },
  },
  {
    name: 'types SessionOptionValidationError',
    factory: SessionOptionValidationError,
    samples: {
      invalidValue: ['model'],
      invalidOptionId: [],
      reservedModelOption: [],
      tooManyValues: [65, 64],
    },
  },
  {
    name: 'types AdapterBindingError',
    factory: AdapterBindingError,
    samples: {
      emptyRevision: [],
      revisionTooLong: [129, 128],
      invalidRevision: { args: ['v1\u001b'], values: ['v1'] },
    },
  },
  {
    name: 'types SlugIdError',
    factory: slugIdErrors('agent ID'),
    samples: {
      empty: [],
      tooLong: [65, 64],
      invalidCharacters: ['Claude'],
      invalidBoundary: ['-claude'],
    },
  },
  {
    name: 'tool-protocol ToolValidationError',
    factory: ToolValidationError,
    samples: {
      unsupportedProtocolVersion: [2, 3],
      required: ['tool actor id'],
      invalidIdentifier: ['tool actor id'],
      controlCharacter: ['tool approval summary'],
      capabilityOutsideAdmission: ['browser.f.s'],
      invalidInputSchema: [
        'browser.click',
        'has top-level type "string", but a tool takes an object',
      ],
      duplicateIdentifier: ['tool capability id'],
      zeroIdentifier: ['tool request id'],
      tooLarge: ['tool actor id', 256, 257],
      tooMany: ['provider runtime bindings', 64, 65],
      resultTooLarge: [16, 17],
      resultLengthMismatch: [3, 2],
      providerMismatch: ['observation provider id', provider, otherProvider],
      deadlineElapsed: [10, 9],
    },
  },
  {
    name: 'tool-engine ToolEngineError',
    factory: ToolEngineError,
    samples: {
      validation: [validation],
      duplicateProvider: [provider],
      unknownRuntimeProvider: [provider],
      duplicateRequest: [requestKey],
      providerCapacityExceeded: [],
      policyCapacityExceeded: [],
      requestCapacityExceeded: [],
      clientRequestCapacityExceeded: [consumer, actor, 32],
      effectCapacityExceeded: [],
      effectSequenceExhausted: [],
      unknownPolicyProvider: [provider],
      unknownPolicyCapability: [provider, capability],
      providerOwnerMismatch: [provider, consumer, 'other-app'],
      unknownPolicyInstance: [instance],
      inactivePolicyInstance: [instance],
      policyGenerationMismatch: [instance, 4, 3],
      unknownRequest: [requestKey],
      requestNotAwaitingApproval: [requestKey],
      approvalScopeMismatch: [requestKey],
      approvalNonceMismatch: [requestKey, 5, 6],
      approvalGenerationStale: [4, 3],
      approvalDeadlineElapsed: [requestKey],
      clockRegressed: [10, 9],
      generationRegressed: [instance, 4, 3],
      authoritySequenceRegressed: [10, 9],
      counterExhausted: ['tool operation id'],
      invalidInput: [
        'advanceTime',
        {
          kind: 'schema-violation',
          schema: 'tick',
          path: '',
          message: 'tick: expected an integer',
        },
      ],
    },
  },
];
