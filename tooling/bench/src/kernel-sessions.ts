// Builders for the kernel and handle scenarios, through the packages' public APIs only: a kernel
// with one PTY agent and a tool provider, and sessions registered, started and running.
import { agentCatalog, Gate4AgentKernel } from '@gate4agent/kernel';
import {
  CapabilityDescriptor,
  type CapabilityProviderDescriptor,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import {
  AgentId,
  AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  type CommandEnvelope,
  CommandId,
  type ControlObservation,
  defaultAgentCapabilities,
  type ObservationEnvelope,
  ProviderRuntimePolicy,
  type SessionGeneration,
  unwrap,
} from '@gate4agent/types';

/** The agent every benchmark session runs (a PTY agent in the kernel's catalog). */
export const BENCH_AGENT = AgentId.of('bench-agent');
export const BENCH_PROVIDER = ToolProviderId.of('gate.bench.provider');
export const BENCH_CAPABILITY = ToolCapabilityId.of('browser.snapshot');

/** A gate-owned provider with one capability. */
export function benchProvider(): CapabilityProviderDescriptor {
  return {
    id: BENCH_PROVIDER,
    owner: { kind: 'gate' },
    capabilities: [
      unwrap(CapabilityDescriptor.new(BENCH_CAPABILITY, 'browser', 'Benchmark capability')),
    ],
  };
}

/** A kernel whose catalog holds the benchmark agent and which knows the benchmark provider. */
export function benchKernel(): Gate4AgentKernel {
  return unwrap(
    Gate4AgentKernel.withToolProviders(
      agentCatalog([{ id: BENCH_AGENT, capabilities: defaultAgentCapabilities() }]),
      [benchProvider()],
    ),
  );
}

const policy = () =>
  unwrap(
    ProviderRuntimePolicy.tryNew({
      rawPtyLifecycle: true,
      semanticReadiness: true,
      structuredPrompt: true,
      providerSessionIdentity: true,
      semanticResume: true,
    }),
  );

/** The register and start commands of session `instance` (command ids from `firstId`). */
export function startCommands(instance: number, firstId: number): CommandEnvelope[] {
  const instanceId = AgentInstanceId.of(instance);
  return [
    {
      id: CommandId.of(firstId),
      command: { kind: 'register', instanceId, agentId: BENCH_AGENT, transport: 'pty' },
    },
    {
      id: CommandId.of(firstId + 1),
      command: {
        kind: 'start',
        instanceId,
        runtimePolicy: policy(),
        request: {
          workingDirectory: '.',
          terminalSize: { rows: 24, columns: 80 },
          initialPrompt: null,
          sessionOptions: null,
          approvalLevel: 'ask',
        },
      },
    },
  ];
}

/** An observation of session `instanceId` at `generation` (unsolicited when `operationId` is null). */
export function observation(
  instanceId: AgentInstanceId,
  generation: SessionGeneration,
  body: ControlObservation,
  operationId: number | null = null,
): ObservationEnvelope {
  return {
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId: operationId as ObservationEnvelope['operationId'],
    instanceId,
    generation,
    observation: body,
  };
}

/**
 * Registers, starts and spawns sessions 1…`count` on `kernel` (answering each spawn effect with
 * `spawned`), and returns their generations by instance id.
 */
export function startSessions(
  kernel: Gate4AgentKernel,
  count: number,
): Map<AgentInstanceId, SessionGeneration> {
  const commands = Array.from({ length: count }, (_, index) =>
    startCommands(index + 1, index * 2 + 1),
  ).flat();
  const starting = kernel.step(commands, []);
  const spawned = starting.effects
    .filter((effect) => effect.effect.kind === 'spawn')
    .map((effect) =>
      observation(
        effect.instanceId,
        effect.generation,
        { kind: 'spawned', processId: 1_000 + effect.instanceId },
        effect.operationId,
      ),
    );
  const running = kernel.step([], spawned);
  const generations = new Map<AgentInstanceId, SessionGeneration>();
  for (const session of running.snapshot.sessions) {
    if (session.status.kind !== 'running') {
      throw new Error(
        `session ${session.instanceId} is ${session.status.kind} after its spawn was answered; the kernel refused the benchmark's start`,
      );
    }
    generations.set(session.instanceId, session.generation);
  }
  if (generations.size !== count) {
    throw new Error(`started ${generations.size} of ${count} benchmark sessions`);
  }
  return generations;
}
