// Samples for runtime-native and process.

import { ProviderRuntimeError } from '@gate4agent/handle';
import { KillDomainSurvivor, ProcessTableUnsupported } from '@gate4agent/process';
import {
  AgentSessionError,
  NativeProviderControlError,
  NativeProviderShutdownError,
  NativeRuntimeError,
  ProviderSupervisorBuildError,
  type ProviderSupervisorFault,
  type ProviderSupervisorFaultKind,
  PtySessionError,
} from '@gate4agent/runtime-native';
import type { ErrorFamily, Sample } from './error-family.js';

const runtimeError = ProviderRuntimeError.counterExhausted('provider-runtime-sequence' as never);
const buildError = ProviderSupervisorBuildError.providerMismatch('gate.a', 'gate.b');
const violation = {
  kind: 'schema-violation',
  schema: 'ToolProviderId',
  path: '',
  message: 'ToolProviderId at the root: must not be empty',
};

function fault(
  kind: ProviderSupervisorFaultKind,
  code: string | null = null,
): ProviderSupervisorFault {
  return {
    providerId: 'gate.p' as never,
    bindingId: 3 as never,
    operation: { operationId: 41 } as never,
    kind,
    executorErrorCode: code,
    blocksDetach: true,
  };
}

/** Each fault kind with its data, and the values its sentence must name. */
const FAULT_KINDS: Readonly<
  Record<string, [ProviderSupervisorFaultKind, string | null, string[]]>
> = {
  'executor-threw': [
    { kind: 'executor-threw', method: 'try-wait', message: 'wait exploded' },
    null,
    ['try-wait', 'wait exploded'],
  ],
  'invalid-executor-value': [{ kind: 'invalid-executor-value', method: 'start' }, null, ['start']],
  'executor-hung': [{ kind: 'executor-hung', method: 'try-wait' }, null, ['try-wait']],
  'exit-unproven': [{ kind: 'exit-unproven' }, null, []],
  'invalid-executor-failure': [{ kind: 'invalid-executor-failure' }, 'E_BAD', ['E_BAD']],
  'invalid-executor-observation': [{ kind: 'invalid-executor-observation' }, 'E_OBS', ['E_OBS']],
  'stop-signal-failed': [{ kind: 'stop-signal-failed' }, 'ESRCH', ['ESRCH']],
  'force-stop-failed': [{ kind: 'force-stop-failed' }, 'EPERM', ['EPERM']],
  'wait-failed': [{ kind: 'wait-failed' }, 'ECHILD', ['ECHILD']],
  'result-poll-failed': [{ kind: 'result-poll-failed' }, 'EIO', ['EIO']],
  'operation-capacity-exceeded': [{ kind: 'operation-capacity-exceeded' }, null, []],
  'conflicting-invocation': [{ kind: 'conflicting-invocation' }, null, []],
  'unknown-cancellation': [{ kind: 'unknown-cancellation' }, null, []],
  'cancellation-identity-mismatch': [{ kind: 'cancellation-identity-mismatch' }, null, []],
  'observation-outcome-rejected': [{ kind: 'observation-outcome-rejected' }, null, []],
  'observation-outcome-contract-violation': [
    { kind: 'observation-outcome-contract-violation' },
    null,
    [],
  ],
  'observation-outcome-runtime-closed': [{ kind: 'observation-outcome-runtime-closed' }, null, []],
  'observation-outcome-mismatch': [{ kind: 'observation-outcome-mismatch' }, null, []],
  'tombstone-capacity-exceeded': [{ kind: 'tombstone-capacity-exceeded' }, null, []],
  'runtime-quiesce-failed': [
    { kind: 'runtime-quiesce-failed', error: runtimeError },
    null,
    [runtimeError.message],
  ],
  'runtime-completion-failed': [
    { kind: 'runtime-completion-failed', error: runtimeError },
    null,
    [runtimeError.message],
  ],
  'runtime-close-failed': [
    { kind: 'runtime-close-failed', error: runtimeError },
    null,
    [runtimeError.message],
  ],
  'fault-buffer-overflow': [{ kind: 'fault-buffer-overflow', dropped: 17 }, null, ['17']],
};

const faultFactory = Object.fromEntries(
  Object.entries(FAULT_KINDS).map(([kind, [data, code]]) => [
    kind,
    () => NativeRuntimeError.providerFaulted(fault(data, code)),
  ]),
);
const faultSamples: Record<string, Sample> = Object.fromEntries(
  Object.entries(FAULT_KINDS).map(([kind, [, , values]]) => [
    kind,
    { args: [], values: ['gate.p', '41', ...values] },
  ]),
);

const snapshot = { providerId: 'gate.p', state: 'draining' };
const identity = { pid: 4321, startTime: 987654 };

/** The families of @gate4agent/runtime-native and @gate4agent/process. */
export const nativeFamilies: readonly ErrorFamily[] = [
  {
    name: 'runtime-native NativeProviderControlError',
    factory: NativeProviderControlError,
    samples: {
      unknownProvider: ['gate.absent'],
      unsupportedOwner: ['gate.consumer'],
      alreadyInstalled: ['draining'],
      notInstalled: ['gate.absent'],
      invalidInput: {
        args: ['installNativeProvider', violation],
        values: ['installNativeProvider', violation.message],
      },
      pendingSupervisorEvents: [],
      runtime: [runtimeError],
      build: [buildError],
    },
  },
  {
    name: 'runtime-native NativeProviderShutdownError',
    factory: NativeProviderShutdownError,
    samples: {
      control: [NativeProviderControlError.notInstalled('gate.x' as never)],
      timedOut: { args: [[snapshot]], values: ['1', 'gate.p', 'draining'] },
    },
  },
  {
    name: 'runtime-native ProviderSupervisorBuildError',
    factory: ProviderSupervisorBuildError,
    samples: { invalidDescriptor: [], providerMismatch: ['gate.a', 'gate.b'] },
  },
  {
    name: 'runtime-native NativeRuntimeError',
    factory: NativeRuntimeError,
    samples: {
      providerFaulted: {
        args: [fault({ kind: 'executor-threw', method: 'start', message: 'spawn EACCES' })],
        values: ['gate.p', '41', 'start', 'spawn EACCES'],
      },
      providerTickThrew: {
        args: ['gate.p', new Error('tick boom')],
        values: ['gate.p', 'tick boom'],
      },
      sessionWorkerFailed: { args: [7, new Error('worker boom')], values: ['7', 'worker boom'] },
      mcpDetachFailed: { args: [7, new Error('rm boom')], values: ['7', 'rm boom'] },
      listenerThrew: { args: [new Error('listener boom')], values: ['listener boom'] },
      tickThrew: { args: [new Error('phase 3 failed')], values: ['phase 3 failed'] },
    },
  },
  {
    name: 'runtime-native ProviderSupervisorFault',
    factory: faultFactory,
    samples: faultSamples,
  },
  {
    name: 'runtime-native AgentSessionError',
    factory: AgentSessionError,
    samples: {
      agentExited: [
        'claude',
        'exited with code 7',
        "before the screen showed 'ready'",
        'last screen lines: bye',
      ],
      commandRejected: ['claude', 'start', 'agent claude is not installed'],
      inputFailed: ['claude', 'terminal-text', 'PTY session 42 has exited'],
      resizeFailed: ['claude', 0, 80, 'terminal size is outside the supported range'],
      notQueued: {
        args: ['full', 'claude', 'start', 'the command queue is full'],
        values: ['claude', 'start', 'the command queue is full'],
      },
      agentStartFailed: {
        args: ['claude', new Error('start boom')],
        values: ['claude', 'start boom'],
      },
      launchCleanupFailed: {
        args: ['claude', 7, new Error('given up'), new Error('remove refused')],
        values: ['claude', '7', 'given up', 'remove refused'],
      },
    },
  },
  {
    name: 'runtime-native PtySessionError',
    factory: PtySessionError,
    samples: {
      cwdMissing: ['/definitely/not/here'],
      cwdNotDirectory: ['/etc/hostname'],
      addonUnavailable: ['node-pty could not be loaded (no binary); run `pnpm rebuild node-pty`'],
      spawnFailed: { args: ['claude', new Error('EACCES')], values: ['claude', 'EACCES'] },
      sessionExited: [42, 'write'],
      writeFailed: { args: [42, new Error('EIO')], values: ['42', 'EIO'] },
      resizeFailed: {
        args: [42, 0, 80, new Error('bad size')],
        values: ['42', '0', '80', 'bad size'],
      },
      stopFailed: [42, ['process 43 of kill domain t1 could not be signalled']],
      notReaped: [42],
    },
    kinds: [
      'cwd-missing',
      'cwd-not-directory',
      'addon-unavailable',
      'spawn-failed',
      'session-exited',
      'write-failed',
      'resize-failed',
      'stop-failed',
      'not-reaped',
    ],
  },
  {
    name: 'process ProcessTableUnsupported',
    factory: ProcessTableUnsupported,
    samples: { noProcFs: ['darwin'] },
  },
  {
    name: 'process KillDomainSurvivor',
    factory: KillDomainSurvivor,
    samples: {
      permissionDenied: { args: [identity, 'tok-1'], values: ['4321', 'tok-1'] },
      signalFailed: { args: [identity, 'tok-1'], values: ['4321', 'tok-1'] },
      didNotExit: { args: [identity, 'tok-1'], values: ['4321', 'tok-1'] },
    },
  },
];
