// Properties of the kernel over random step streams (fast-check): replay gives identical steps;
// a refused ingress item changes nothing it guards; ticks, control events, tool effects and
// completions only move forward; every released tool effect is bound to its provider's current
// binding; no request completes twice; snapshots hold no payload bytes.
import { isDeepStrictEqual } from 'node:util';
import {
  CAPABILITY_PROTOCOL_VERSION,
  CapabilityObservation,
  CapabilityObservationEnvelope,
  CapabilityResultDelivery,
  ProviderBindingId,
  type ProviderBoundCapabilityEffectEnvelope,
  type ToolProviderId,
} from '@gate4agent/tool-protocol';
import {
  AgentId,
  AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  CommandId,
  type EffectEnvelope,
  SessionGeneration,
} from '@gate4agent/types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BackendIngress } from '../../src/kernel/backend-ingress.js';
import type { Gate4AgentKernel } from '../../src/kernel/gate4agent-kernel.js';
import type { KernelStep } from '../../src/kernel/kernel-step.js';
import { closingObservation } from '../engine/engine-arbitraries.js';
import { propertyRuns } from '../support/property-runs.js';
import { type KernelOp, kernelStreamArb } from './kernel-arbitraries.js';
import {
  kernelWithProvider,
  otherToolProvider,
  otherToolProviderId,
  providerRuntime,
  startCommand,
  toolActor,
  toolCapabilityId,
  toolConsumer,
  toolProvider,
  toolProviderId,
  toolRequest,
  toolResourceScope,
} from './kernel-fixtures.js';

const PROPERTY_TIMEOUT_MS = 300_000;

interface Driver {
  readonly kernel: Gate4AgentKernel;
  readonly controlEffects: EffectEnvelope[];
  readonly toolEffects: ProviderBoundCapabilityEffectEnvelope[];
  readonly usedBindings: number[];
  commandId: number;
  authoritySequence: number;
  last: KernelStep | null;
}

function expectDeepEqual(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toStrictEqual(expected);
}

function sessionGeneration(driver: Driver, instance: number): number | null {
  const snapshot = driver.last?.snapshot ?? driver.kernel.snapshot();
  return snapshot.sessions.find((session) => session.instanceId === instance)?.generation ?? null;
}

function providerRuntimeOf(driver: Driver) {
  return (driver.last?.backendSnapshot ?? driver.kernel.backendSnapshot()).providerRuntime;
}

function currentBinding(driver: Driver, providerId: ToolProviderId): number | null {
  return (
    providerRuntimeOf(driver).bindings.find((b) => b.providerId === providerId)?.bindingId ?? null
  );
}

function controlItem(driver: Driver, op: Extract<KernelOp, { kind: 'control' }>): BackendIngress {
  driver.commandId += 1;
  const id = CommandId.of(driver.commandId);
  const instanceId = AgentInstanceId.of(op.instance);
  switch (op.action) {
    case 'register':
      return {
        kind: 'control',
        command: {
          id,
          command: {
            kind: 'register',
            instanceId,
            agentId: AgentId.of('claude'),
            transport: 'pty',
          },
        },
      };
    case 'start': {
      const start = startCommand(driver.commandId);
      if (start.command.kind !== 'start') throw new Error('fixture');
      return { kind: 'control', command: { id, command: { ...start.command, instanceId } } };
    }
    case 'stop':
      return {
        kind: 'control',
        command: { id, command: { kind: 'stop', instanceId, force: false } },
      };
    case 'input':
      return {
        kind: 'control',
        command: {
          id,
          command: { kind: 'send-input', instanceId, action: { kind: 'terminal-text', text: 'x' } },
        },
      };
    case 'remove':
      return { kind: 'control', command: { id, command: { kind: 'remove', instanceId } } };
  }
}

function grantKey(instance: number, generation: number) {
  return {
    consumerId: toolConsumer(),
    actorId: toolActor(),
    instanceId: AgentInstanceId.of(instance),
    generation: SessionGeneration.of(generation),
    providerId: toolProviderId(),
    capabilityId: toolCapabilityId(),
    resourceScopeId: toolResourceScope(),
  };
}

/** The ingress of one step and the observations it carries. */
function buildStep(
  driver: Driver,
  op: KernelOp,
): { ingress: BackendIngress[]; observations: ReturnType<typeof answerOf>[] } {
  const lastProvider = providerRuntimeOf(driver).lastSequence;
  switch (op.kind) {
    case 'control':
      return { ingress: [controlItem(driver, op)], observations: [] };
    case 'grant': {
      const generation = sessionGeneration(driver, op.instance) ?? 0;
      const sequence = Math.max(1, driver.authoritySequence + op.sequenceDelta);
      const key = grantKey(op.instance, generation);
      const command = op.revoke
        ? { kind: 'revoke-grant' as const, key }
        : { kind: 'set-grant' as const, grant: { key, mode: 'allow' as const } };
      return {
        ingress: [
          {
            kind: 'tool-authority',
            envelope: { protocolVersion: CAPABILITY_PROTOCOL_VERSION, sequence, command },
          },
        ],
        observations: [],
      };
    }
    case 'request': {
      const live = sessionGeneration(driver, op.instance) ?? 0;
      const generation = op.staleGeneration && live > 0 ? live - 1 : live;
      const current = currentBinding(driver, toolProviderId());
      const binding =
        op.binding === 'current'
          ? current
          : op.binding === 'none'
            ? null
            : op.binding === 'zero'
              ? 0
              : (driver.usedBindings[0] ?? 1);
      const request = toolRequest(op.localId, SessionGeneration.of(generation));
      const bound = {
        ...request,
        request: { ...request.request, instanceId: AgentInstanceId.of(op.instance) },
      };
      return {
        ingress: [
          {
            kind: 'tool-request',
            request: {
              providerBindingId: binding === null ? null : ProviderBindingId.of(binding),
              request: bound,
            },
          },
        ],
        observations: [],
      };
    }
    case 'attach': {
      const sequence = Math.max(1, lastProvider + op.sequenceDelta);
      const providerId = op.secondary ? otherToolProviderId() : toolProviderId();
      const bindingId = ProviderBindingId.of(op.wrongBinding ? sequence + 1 : sequence);
      return {
        ingress: [providerRuntime(sequence, { kind: 'attach', bindingId, providerId })],
        observations: [],
      };
    }
    case 'detach': {
      const providerId = op.secondary ? otherToolProviderId() : toolProviderId();
      const current = currentBinding(driver, providerId) ?? 1;
      const bindingId = ProviderBindingId.of(op.wrongBinding ? current + 1_000 : current);
      return {
        ingress: [providerRuntime(lastProvider + 1, { kind: 'detach', bindingId, providerId })],
        observations: [],
      };
    }
    case 'observe': {
      const invokes = driver.toolEffects;
      if (invokes.length === 0) return { ingress: [], observations: [] };
      const [effect] = invokes.splice(op.pick % invokes.length, 1);
      const observation = CapabilityObservationEnvelope.of({
        protocolVersion: CAPABILITY_PROTOCOL_VERSION,
        operationId: effect!.effect.operationId,
        requestKey: effect!.effect.requestKey,
        instanceId: effect!.effect.instanceId,
        generation: effect!.effect.generation,
        providerId: effect!.effect.providerId,
        observation: op.failed
          ? CapabilityObservation.failed({ kind: 'execution', redactedMessage: null })
          : CapabilityObservation.succeeded({
              metadata: { byteLen: 2, mediaType: null, truncated: false, redactedSummary: null },
              delivery: CapabilityResultDelivery.inline(new Uint8Array([123, 125])),
            }),
      });
      const bindingId = ProviderBindingId.of(
        op.wrongBinding ? effect!.bindingId + 1 : effect!.bindingId,
      );
      return {
        ingress: [providerRuntime(lastProvider + 1, { kind: 'observe', bindingId, observation })],
        observations: [],
      };
    }
    case 'answer': {
      if (driver.controlEffects.length === 0) return { ingress: [], observations: [] };
      const [effect] = driver.controlEffects.splice(op.pick % driver.controlEffects.length, 1);
      return { ingress: [], observations: [answerOf(effect!, op.failed)] };
    }
    case 'idle':
      return { ingress: [], observations: [] };
  }
}

function answerOf(effect: EffectEnvelope, failed: boolean) {
  return {
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId: effect.operationId,
    instanceId: effect.instanceId,
    generation: effect.generation,
    observation: closingObservation(effect.effect.kind, failed ? 'fail' : 'ok', {
      rows: 24,
      columns: 80,
    }),
  };
}

/** Asserts what a refused single item guarantees: the state it guards is unchanged. */
function checkRefusal(previous: KernelStep, step: KernelStep): void {
  const outcome = step.ingressOutcomes[0];
  if (outcome === undefined || outcome.outcome.result.ok) return;
  const before = previous.backendSnapshot;
  const after = step.backendSnapshot;
  if (outcome.kind === 'control') {
    expectDeepEqual(after.control.sessions, before.control.sessions);
    expect(after.control.revision).toBe(before.control.revision);
  } else if (outcome.kind === 'tool-provider') {
    if (!after.providerRuntime.sequenceExhausted)
      expectDeepEqual(after.providerRuntime.bindings, before.providerRuntime.bindings);
    expectDeepEqual(after.tools.requests, before.tools.requests);
  } else {
    expectDeepEqual(after.tools.requests, before.tools.requests);
    expectDeepEqual(after.tools.grants, before.tools.grants);
  }
}

function drive(ops: readonly KernelOp[], check: boolean): KernelStep[] {
  const driver: Driver = {
    kernel: kernelWithProvider(toolProvider(), otherToolProvider()),
    controlEffects: [],
    toolEffects: [],
    usedBindings: [],
    commandId: 0,
    authoritySequence: 0,
    last: null,
  };
  const steps: KernelStep[] = [];
  for (const op of ops) {
    const { ingress, observations } = buildStep(driver, op);
    const step = driver.kernel.stepControlPlane(ingress, observations);
    if (check && driver.last !== null && ingress.length === 1 && observations.length === 0)
      checkRefusal(driver.last, step);
    for (const outcome of step.ingressOutcomes) {
      if (outcome.kind === 'tool-authority' && outcome.outcome.result.ok)
        driver.authoritySequence = outcome.outcome.sequence;
      if (
        outcome.kind === 'tool-provider' &&
        outcome.outcome.result.ok &&
        outcome.outcome.result.value.kind === 'attached'
      ) {
        driver.usedBindings.push(outcome.outcome.bindingId);
      }
    }
    driver.controlEffects.push(...step.effects);
    driver.toolEffects.push(
      ...step.toolEffects.filter((effect) => effect.effect.effect.kind === 'invoke'),
    );
    driver.last = step;
    steps.push(step);
  }
  return steps;
}

function checkMonotonic(steps: readonly KernelStep[]): void {
  const events = steps.flatMap((step) => step.events.map((event) => event.sequence));
  for (let index = 1; index < events.length; index += 1)
    expect(events[index]).toBe(events[index - 1]! + 1);
  const effects = steps.flatMap((step) => step.toolEffects.map((effect) => effect.effect.sequence));
  for (let index = 1; index < effects.length; index += 1)
    expect(effects[index]!).toBeGreaterThan(effects[index - 1]!);
  const completions = steps.flatMap((step) => step.toolCompletions.completions);
  for (let index = 1; index < completions.length; index += 1) {
    expect(completions[index]!.sequence).toBeGreaterThan(completions[index - 1]!.sequence);
  }
  const closed = completions.map((completion) =>
    JSON.stringify([completion.requestKey, completion.acceptedSequence]),
  );
  expect(new Set(closed).size).toBe(closed.length);
  steps.forEach((step, index) => {
    expect(step.backendSnapshot.logicalTick).toBe(index + 1);
    for (const effect of step.toolEffects) {
      const bound = step.backendSnapshot.providerRuntime.bindings.find(
        (b) => b.providerId === effect.effect.providerId,
      );
      expect(bound?.bindingId).toBe(effect.bindingId);
    }
    for (const request of step.backendSnapshot.tools.requests)
      expect(request).not.toHaveProperty('payload');
  });
}

describe('gate4agent-kernel properties', () => {
  it(
    'replays a random step stream identically; refused items change nothing they guard',
    () => {
      fc.assert(
        fc.property(kernelStreamArb, (ops) => {
          const first = drive(ops, true);
          expectDeepEqual(drive(ops, false), first);
        }),
        { numRuns: propertyRuns() },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'moves ticks, events, tool effects and completions forward and binds every tool effect',
    () => {
      fc.assert(
        fc.property(kernelStreamArb, (ops) => checkMonotonic(drive(ops, false))),
        { numRuns: propertyRuns() },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
