// Kernel behaviour beyond upstream's tests: blocked steps, terminal control health, failed
// observations, provider-envelope validation and the smaller refusals of each lane.
import {
  CAPABILITY_PROTOCOL_VERSION,
  ProviderBindingId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { AgentId, CONTROL_PROTOCOL_VERSION, unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { COUNTER_MAX } from '../../src/constants.js';
import { seedNextEventSequence, seedNextOperationId } from '../../src/engine/engine-seams.js';
import { defaultBackendSnapshot } from '../../src/kernel/backend-snapshot.js';
import { Gate4AgentKernel } from '../../src/kernel/gate4agent-kernel.js';
import {
  kernelControlEngine,
  seedBackendRevision,
  seedLogicalTick,
  seedProviderSequence,
} from '../../src/kernel/kernel-seams.js';
import {
  attachToolProvider,
  authority,
  boundRequest,
  command,
  defaultKernel,
  instance,
  kernelWithProvider,
  providerRuntime,
  register,
  startCommand,
  startRunning,
  testCatalog,
  toolGrant,
  toolProvider,
  toolProviderId,
  toolRequest,
} from './kernel-fixtures.js';

describe('blocked steps', () => {
  it('refuses every kind of item, consumes no provider sequence and drains nothing', () => {
    const kernel = kernelWithProvider();
    attachToolProvider(kernel, 1);
    const generation = startRunning(kernel);
    const before = kernel.backendSnapshot();
    seedBackendRevision(kernel, COUNTER_MAX);
    const step = kernel.stepControlPlane(
      [
        {
          kind: 'control',
          command: command(9, { kind: 'stop', instanceId: instance(), force: false }),
        },
        boundRequest(ProviderBindingId.of(1), toolRequest(1, generation)),
        authority(toolGrant(generation, 1)),
        providerRuntime(2, {
          kind: 'detach',
          bindingId: ProviderBindingId.of(1),
          providerId: toolProviderId(),
        }),
      ],
      [],
    );
    expect(step.integrationErrors).toMatchObject([
      { kind: 'backend-revision-exhausted', currentRevision: COUNTER_MAX },
    ]);
    expect(
      step.ingressOutcomes.map((outcome) => [
        outcome.kind,
        !outcome.outcome.result.ok && outcome.outcome.result.error.kind,
      ]),
    ).toEqual([
      ['control', 'integration-blocked'],
      ['tool-request', 'integration-blocked'],
      ['tool-authority', 'integration-blocked'],
      ['tool-provider', 'integration-blocked'],
    ]);
    expect(step.commandOutcomes).toHaveLength(1);
    expect(step.effects).toEqual([]);
    expect(step.events).toEqual([]);
    expect(step.toolEffects).toEqual([]);
    expect(step.toolCompletions.completions).toEqual([]);
    expect(step.backendSnapshot.providerRuntime).toEqual(before.providerRuntime);
    expect(step.backendSnapshot.logicalTick).toBe(before.logicalTick);
    expect(step.snapshot.sessions[0]!.status).toEqual({ kind: 'running' });
  });

  it('stays blocked on every later step', () => {
    const kernel = defaultKernel();
    seedLogicalTick(kernel, COUNTER_MAX);
    kernel.step([], []);
    const again = kernel.step([register(1, 'claude')], []);
    expect(again.integrationErrors).toMatchObject([{ kind: 'logical-tick-exhausted' }]);
    expect(again.snapshot.sessions).toEqual([]);
  });

  it('advances the tick and the revision by exactly one per step', () => {
    const kernel = defaultKernel();
    seedLogicalTick(kernel, COUNTER_MAX - 1);
    const last = kernel.step([], []);
    expect(last.backendSnapshot.logicalTick).toBe(COUNTER_MAX);
    expect(last.backendSnapshot.revision).toBe(1);
    expect(last.integrationErrors).toEqual([]);
  });
});

describe('control health and observations', () => {
  it('blocks later commands once a control counter is exhausted, but still reduces observations', () => {
    const kernel = defaultKernel();
    const starting = kernel.step([register(1, 'claude')], []);
    expect(starting.integrationErrors).toEqual([]);
    seedNextOperationId(kernelControlEngine(kernel), null);
    const blocked = kernel.step([startCommand(2)], []);
    expect(blocked.integrationErrors).toMatchObject([
      { kind: 'control-health-exhausted', health: { operationIdExhausted: true } },
    ]);
    expect(blocked.commandOutcomes[0]!.result).toMatchObject({
      ok: false,
      error: { kind: 'integration-blocked', reason: { kind: 'control-health-exhausted' } },
    });
    expect(blocked.events).toEqual([]);
    const observed = kernel.step(
      [],
      [
        {
          protocolVersion: CONTROL_PROTOCOL_VERSION,
          operationId: null,
          instanceId: instance(),
          generation: starting.snapshot.sessions[0]!.generation,
          observation: { kind: 'terminal-stale', message: 'reduced anyway' },
        },
      ],
    );
    expect(observed.events.map((event) => event.event.kind)).toEqual(['observation-ignored']);
  });

  it('reports a failed observation as control-observation and closes both lanes', () => {
    const kernel = kernelWithProvider();
    attachToolProvider(kernel, 1);
    const generation = startRunning(kernel);
    seedNextEventSequence(kernelControlEngine(kernel), COUNTER_MAX);
    const step = kernel.stepControlPlane(
      [],
      [
        {
          protocolVersion: CONTROL_PROTOCOL_VERSION,
          operationId: null,
          instanceId: instance(),
          generation,
          observation: { kind: 'terminal-stale', message: 'one' },
        },
        {
          protocolVersion: CONTROL_PROTOCOL_VERSION,
          operationId: null,
          instanceId: instance(),
          generation,
          observation: { kind: 'terminal-stale', message: 'two' },
        },
      ],
    );
    expect(step.events.map((event) => event.sequence)).toEqual([COUNTER_MAX]);
    expect(step.integrationErrors.map((error) => error.kind)).toEqual([
      'control-health-exhausted',
      'control-observation',
    ]);
    const next = kernel.stepControlPlane([authority(toolGrant(generation, 1))], []);
    expect(next.ingressOutcomes[0]!.outcome.result).toMatchObject({
      ok: false,
      error: { kind: 'integration-blocked' },
    });
  });

  it('records a command-rejected event for a refused command and keeps the engine unchanged', () => {
    const kernel = defaultKernel();
    kernel.step([register(1, 'claude')], []);
    const before = kernel.snapshot();
    const step = kernel.step([register(2, 'claude')], []);
    expect(step.commandOutcomes[0]!.result).toMatchObject({
      ok: false,
      error: { kind: 'control', error: { kind: 'duplicate-instance' } },
    });
    expect(step.events).toMatchObject([{ commandId: 2, event: { kind: 'command-rejected' } }]);
    expect(step.snapshot).toEqual(before);
  });
});

describe('provider lane', () => {
  it('rejects an invalid envelope without consuming its sequence', () => {
    const kernel = kernelWithProvider();
    const zeroBinding = kernel.stepControlPlane(
      [
        providerRuntime(5, {
          kind: 'attach',
          bindingId: ProviderBindingId.of(0),
          providerId: toolProviderId(),
        }),
      ],
      [],
    );
    expect(zeroBinding.ingressOutcomes[0]!.outcome.result).toMatchObject({
      ok: false,
      error: { kind: 'validation', error: { kind: 'zero-identifier' } },
    });
    const wrongVersion = kernel.stepControlPlane(
      [
        {
          kind: 'tool-provider',
          envelope: {
            protocolVersion: CAPABILITY_PROTOCOL_VERSION + 1,
            sequence: 5,
            command: {
              kind: 'attach',
              bindingId: ProviderBindingId.of(5),
              providerId: toolProviderId(),
            },
          },
        },
      ],
      [],
    );
    expect(wrongVersion.ingressOutcomes[0]!.outcome.result).toMatchObject({
      ok: false,
      error: { kind: 'validation' },
    });
    expect(wrongVersion.backendSnapshot.providerRuntime.lastSequence).toBe(0);
    attachToolProvider(kernel, 1);
  });

  it('consumes the sequence of an envelope refused because the tool lane is closed', () => {
    const kernel = kernelWithProvider();
    startRunning(kernel);
    seedNextOperationId(kernelControlEngine(kernel), null);
    const step = kernel.stepControlPlane(
      [
        providerRuntime(3, {
          kind: 'attach',
          bindingId: ProviderBindingId.of(3),
          providerId: toolProviderId(),
        }),
      ],
      [],
    );
    expect(step.ingressOutcomes[0]!.outcome.result).toMatchObject({
      ok: false,
      error: { kind: 'integration-blocked' },
    });
    expect(step.backendSnapshot.providerRuntime.lastSequence).toBe(3);
    expect(step.backendSnapshot.providerRuntime.bindings).toEqual([]);
  });

  it('refuses detach and observe for an unregistered provider and exhaustion with no bindings', () => {
    const kernel = kernelWithProvider();
    const unknown = ToolProviderId.of('kernel-unknown-provider');
    const detach = kernel.stepControlPlane(
      [
        providerRuntime(1, {
          kind: 'detach',
          bindingId: ProviderBindingId.of(1),
          providerId: unknown,
        }),
      ],
      [],
    );
    expect(detach.ingressOutcomes[0]!.outcome).toMatchObject({
      sequence: 1,
      bindingId: 1,
      providerId: unknown,
      result: {
        ok: false,
        error: {
          kind: 'unknown-provider',
          message:
            "tool provider 'kernel-unknown-provider' is not registered; register it with the kernel's tool providers first",
        },
      },
    });
    seedProviderSequence(kernel, COUNTER_MAX, true);
    const exhausted = kernel.stepControlPlane(
      [
        providerRuntime(COUNTER_MAX, {
          kind: 'attach',
          bindingId: ProviderBindingId.of(COUNTER_MAX),
          providerId: toolProviderId(),
        }),
      ],
      [],
    );
    expect(exhausted.ingressOutcomes[0]!.outcome.result).toMatchObject({
      ok: false,
      error: { kind: 'sequence-exhausted' },
    });
  });

  it('a step with control commands only equals stepControlPlane over control items', () => {
    const direct = defaultKernel().step([register(1, 'claude'), startCommand(2)], []);
    const unified = defaultKernel().stepControlPlane(
      [
        { kind: 'control', command: register(1, 'claude') },
        { kind: 'control', command: startCommand(2) },
      ],
      [],
    );
    expect(unified).toStrictEqual(direct);
  });
});

describe('construction', () => {
  it('refuses a duplicate tool provider and starts from the default backend snapshot', () => {
    const error = unwrapErr(
      Gate4AgentKernel.withToolProviders(testCatalog(), [toolProvider(), toolProvider()]),
    );
    expect(error.kind).toBe('duplicate-provider');
    expect(defaultKernel().backendSnapshot()).toStrictEqual(defaultBackendSnapshot());
    const kernel = unwrap(Gate4AgentKernel.withToolProviders(testCatalog(), [toolProvider()]));
    expect(kernel.toolSnapshot().providers.map((provider) => provider.id)).toEqual([
      toolProviderId(),
    ]);
    expect(kernel.catalog().get(AgentId.of('claude'))).not.toBeNull();
  });
});
