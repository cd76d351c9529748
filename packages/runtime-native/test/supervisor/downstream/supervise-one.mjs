// Downstream check of `@gate4agent/runtime-native/supervisor` (ARCHITECTURE decision 16), run by
// ../supervisor-entry.test.ts in a child node with node-pty blocked: one request goes through the
// real handle and kernel to a supervised child process and on to its physical exit ack. Prints
// one JSON line with what happened.
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { boundedControlPlane } from '@gate4agent/handle';
import { agentCatalog, Gate4AgentKernel } from '@gate4agent/kernel';
import {
  ChildProcessProviderExecutor,
  ProviderSupervisor,
} from '@gate4agent/runtime-native/supervisor';
import {
  CapabilityDescriptor,
  CapabilityRequestId,
  ResourceScopeId,
  ToolActorId,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import {
  AgentId,
  AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  CommandId,
  defaultAgentCapabilities,
  ProviderRuntimePolicy,
  unwrap,
} from '@gate4agent/types';

const [resultWriter] = process.argv.slice(2);
const canLoad = async (name) => {
  try {
    await import(name);
    return true;
  } catch {
    return false;
  }
};
const canRequire = (name) => {
  try {
    createRequire(import.meta.url)(name);
    return true;
  } catch {
    return false;
  }
};

const providerId = ToolProviderId.of('gate.downstream');
const capabilityId = ToolCapabilityId.of('browser.echo');
const resourceScopeId = ResourceScopeId.of('scope.one');
const descriptor = {
  id: providerId,
  owner: { kind: 'gate' },
  capabilities: [unwrap(CapabilityDescriptor.new(capabilityId, 'browser', 'Echo the request'))],
};
const kernel = unwrap(
  Gate4AgentKernel.withToolProviders(
    agentCatalog([{ id: AgentId.of('claude'), capabilities: defaultAgentCapabilities() }]),
    [descriptor],
  ),
);
const [gate, authority, port] = boundedControlPlane(16);
const step = (observations = []) =>
  port.publishStep(kernel.stepControlPlane(port.drainIngress(16), observations));
const runtime = unwrap(port.providerAuthority().bindProvider(providerId, 4));
const executor = new ChildProcessProviderExecutor({
  command: process.execPath,
  args: [resultWriter, 'echo'],
});
const supervisor = unwrap(ProviderSupervisor.newWithStopGrace(descriptor, runtime, executor, 25));
step();

const instanceId = AgentInstanceId.of(1);
unwrap(
  gate.dispatch({
    id: CommandId.of(1),
    command: { kind: 'register', instanceId, agentId: AgentId.of('claude'), transport: 'pty' },
  }),
);
unwrap(
  gate.dispatch({
    id: CommandId.of(2),
    command: {
      kind: 'start',
      instanceId,
      runtimePolicy: ProviderRuntimePolicy.rawPty(),
      request: {
        workingDirectory: '.',
        terminalSize: { rows: 24, columns: 80 },
        initialPrompt: null,
        sessionOptions: null,
        approvalLevel: 'ask',
      },
    },
  }),
);
const starting = kernel.stepControlPlane(port.drainIngress(16), []);
port.publishStep(starting);
const spawn = starting.effects[0];
step([
  {
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId: spawn.operationId,
    instanceId,
    generation: spawn.generation,
    observation: { kind: 'spawned', processId: 4242 },
  },
]);
const generation = gate.snapshot().sessions[0].generation;

const client = unwrap(authority.bindClient(ToolActorId.of('agent.downstream')));
const completions = client.subscribeCompletions(4);
unwrap(
  authority.dispatch({
    kind: 'set-grant',
    grant: {
      key: {
        consumerId: client.consumerId(),
        actorId: client.actorId(),
        instanceId,
        generation,
        providerId,
        capabilityId,
        resourceScopeId,
      },
      mode: 'allow',
    },
  }),
);
step();
unwrap(
  client.dispatch({
    localId: CapabilityRequestId.of(1),
    instanceId,
    generation,
    providerId,
    capabilityId,
    resourceScopeId,
    approvalSummary: 'Echo the request',
    deadlineTick: 1_000_000,
    payload: new TextEncoder().encode('{"hello":"downstream"}'),
  }),
);
step();

const acks = [];
let completion = null;
const deadline = performance.now() + 30_000;
while ((acks.length === 0 || completion === null) && performance.now() < deadline) {
  supervisor.tick();
  step();
  acks.push(...supervisor.drainExitAcks(8));
  const received = completions.tryRecv();
  if (received.ok && received.value.kind === 'completion') completion = received.value.completion;
  await sleep(10);
}
supervisor.dispose();

console.log(
  JSON.stringify({
    nodePtyImportable: await canLoad('node-pty'),
    nodePtyRequirable: canRequire('node-pty'),
    xtermImportable: await canLoad('@xterm/headless'),
    acks: acks.map((ack) => ({ exit: ack.exit, stopCause: ack.stopCause })),
    completion: completion === null ? null : completion.outcome.kind,
  }),
);
