// Issue #14 row "handle + kernel, 64 requests/step": the public control plane of
// @gate4agent/handle around a Gate4AgentKernel. Each step, 4 tool clients dispatch 16 requests
// each (inside the 32-active-per-client limit), the provider runtime succeeds the 64 invocations
// released by the previous step, the kernel steps over the drained ingress and the port publishes
// the step; work, receipts and completions are drained as a host would. The request table stays in
// steady state. The upstream Rust figures cannot be rerun here and are quoted as they stand.
import {
  type ControlPlaneKernelPort,
  createControlPlane,
  type ProviderInvocation,
  type ProviderRuntimeHandle,
  type ToolClientHandle,
  type ToolCompletionSubscription,
} from '@gate4agent/handle';
import type { Gate4AgentKernel } from '@gate4agent/kernel';
import {
  CapabilityRequestId,
  type CapabilityResult,
  ResourceScopeId,
  ToolActorId,
} from '@gate4agent/tool-protocol';
import { AgentInstanceId, type SessionGeneration, unwrap } from '@gate4agent/types';
import {
  BENCH_CAPABILITY,
  BENCH_PROVIDER,
  benchKernel,
  observation,
  startCommands,
} from '../kernel-sessions.js';
import { measureRate } from '../measure-rate.js';
import type { Scenario } from '../scenario.js';

const REQUESTS_PER_STEP = 64;
const CLIENTS = 4;
const INGRESS_CAPACITY = 1_024;
const scope = ResourceScopeId.of('page.bench');
const instanceId = AgentInstanceId.of(1);
const payload = new TextEncoder().encode('{"scope":"active-page"}');
const result: CapabilityResult = {
  metadata: { byteLen: 2, mediaType: 'application/json', truncated: false, redactedSummary: null },
  delivery: { kind: 'inline', bytes: new TextEncoder().encode('{}') },
};

interface Plane {
  readonly kernel: Gate4AgentKernel;
  readonly port: ControlPlaneKernelPort;
  readonly provider: ProviderRuntimeHandle;
  readonly clients: readonly ToolClientHandle[];
  readonly completions: readonly ToolCompletionSubscription[];
  readonly generation: SessionGeneration;
}

function stepOnce(kernel: Gate4AgentKernel, port: ControlPlaneKernelPort, observations = []) {
  const step = kernel.stepControlPlane(port.drainIngress(INGRESS_CAPACITY), observations);
  port.publishStep(step);
  return step;
}

function plane(): Plane {
  const kernel = benchKernel();
  const { handle, toolAuthority, port } = createControlPlane(INGRESS_CAPACITY);
  const provider = unwrap(port.providerAuthority().bindProvider(BENCH_PROVIDER, 1_024));
  const clients = Array.from({ length: CLIENTS }, (_, index) =>
    unwrap(toolAuthority.bindClient(ToolActorId.of(`bench-actor-${index}`))),
  );
  for (const command of startCommands(1, 1)) unwrap(handle.dispatch(command));
  const starting = stepOnce(kernel, port);
  const spawn = starting.effects.find((effect) => effect.effect.kind === 'spawn');
  if (spawn === undefined) throw new Error('the kernel emitted no spawn effect for the session');
  const spawned = observation(
    spawn.instanceId,
    spawn.generation,
    { kind: 'spawned', processId: 1_000 },
    spawn.operationId,
  );
  const running = kernel.stepControlPlane(port.drainIngress(INGRESS_CAPACITY), [spawned]);
  port.publishStep(running);
  const generation = spawn.generation;
  for (const client of clients) {
    unwrap(
      toolAuthority.dispatch({
        kind: 'set-grant',
        grant: {
          key: {
            consumerId: client.consumerId(),
            actorId: client.actorId(),
            instanceId,
            generation,
            providerId: BENCH_PROVIDER,
            capabilityId: BENCH_CAPABILITY,
            resourceScopeId: scope,
          },
          mode: 'allow',
        },
      }),
    );
  }
  stepOnce(kernel, port);
  if (provider.state() !== 'active') {
    throw new Error(`the benchmark provider is ${provider.state()} after attach; expected active`);
  }
  const completions = clients.map((client) => client.subscribeCompletions(REQUESTS_PER_STEP));
  return { kernel, port, provider, clients, completions, generation };
}

function stepper(p: Plane): () => void {
  let localId = 0;
  let released: ProviderInvocation[] = [];
  const perClient = REQUESTS_PER_STEP / CLIENTS;
  return () => {
    for (const invocation of released) unwrap(p.provider.trySucceed(invocation, result));
    for (const client of p.clients) {
      for (let index = 0; index < perClient; index += 1) {
        localId += 1;
        unwrap(
          client.dispatch({
            localId: CapabilityRequestId.of(localId),
            instanceId,
            generation: p.generation,
            providerId: BENCH_PROVIDER,
            capabilityId: BENCH_CAPABILITY,
            resourceScopeId: scope,
            approvalSummary: 'Bench a request',
            deadlineTick: Number.MAX_SAFE_INTEGER,
            payload,
          }),
        );
      }
    }
    stepOnce(p.kernel, p.port);
    released = [];
    for (let work = p.provider.tryRecv(); work.ok; work = p.provider.tryRecv()) {
      if (work.value.kind === 'invoke') released.push(work.value.invocation);
    }
    while (p.provider.tryRecvObservationOutcome().ok) {}
    for (const subscription of p.completions) while (subscription.tryRecv().ok) {}
    if (released.length !== REQUESTS_PER_STEP) {
      throw new Error(
        `expected ${REQUESTS_PER_STEP} invocations in a step, got ${released.length}`,
      );
    }
  };
}

const scenario: Scenario = {
  id: 'handle-kernel',
  title: `control plane (handle) + Gate4AgentKernel, ${REQUESTS_PER_STEP} tool requests per step`,
  order: 80,
  parts: ['handle-kernel'],
  rows: [
    {
      id: 'handle-kernel-64',
      metric: `handle + kernel, ${REQUESTS_PER_STEP} requests/step`,
      unit: 'req/s',
      ours: { part: 'handle-kernel', key: 'requestsPerSecond' },
      anchor: { fixed: 27_104, source: 'upstream Rust 27,104 (and 17,439), issue #14, fixed' },
      anchorLabel: 'upstream Rust (issue #14, fixed)',
      ratio: 'quotient',
      goal: '≥ 200,000 req/s',
      met: (ours) => ours >= 200_000,
      digits: 0,
    },
  ],
  async run(_part, size) {
    const step = stepper(plane());
    for (let warm = 0; warm < 8; warm += 1) step();
    const { hz } = await measureRate(step, size);
    return { requestsPerSecond: hz * REQUESTS_PER_STEP };
  },
};

export default scenario;
