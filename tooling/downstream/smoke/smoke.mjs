// The Node 22/24 smoke run (ARCHITECTURE decision 19), executed by the Node under test inside a
// downstream project that installed the packed tarballs with that Node (node-pty built for its
// ABI). argv[2] is a JSON list of every entry point to import. Each step prints one `smoke:` line;
// any failure throws and exits non-zero.
import { AgentRegistry } from '@gate4agent/agent-catalog';
import { agentCatalog, Gate4AgentKernel } from '@gate4agent/kernel';
import { ChildProcessProviderExecutor, NativeRuntime } from '@gate4agent/runtime-native';
import {
  CONTROL_FIXTURE_ID,
  interactiveAgentSpec,
  isProcessAlive,
  reapAll,
  spawnFixture,
} from '@gate4agent/testkit';
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
  CommandId,
  defaultAgentCapabilities,
  ProviderRuntimePolicy,
  unwrap,
} from '@gate4agent/types';

function check(condition, what) {
  if (!condition) throw new Error(`smoke check failed: ${what}`);
}

// 1. Every entry point of every package imports and exports something.
const entries = JSON.parse(process.argv[2] ?? '[]');
for (const entry of entries) {
  const module = await import(entry);
  check(Object.keys(module).length > 0, `${entry} exports nothing`);
}
console.log(`smoke: imported ${entries.length} entry points`);

// 2. A kernel step: register and start an instance; the spawn effect is emitted.
const kernel = new Gate4AgentKernel(
  agentCatalog([{ id: AgentId.of('claude'), capabilities: defaultAgentCapabilities() }]),
);
const instanceId = AgentInstanceId.of(1);
const step = kernel.step(
  [
    {
      id: CommandId.of(1),
      command: { kind: 'register', instanceId, agentId: AgentId.of('claude'), transport: 'pty' },
    },
    {
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
    },
  ],
  [],
);
check(
  step.snapshot.sessions[0]?.status.kind === 'starting',
  'the kernel did not start the session',
);
check(step.effects.length > 0, 'the kernel emitted no spawn effect');
console.log('smoke: kernel step starting');

// 3. A PTY session and a supervised operation to its exit ack, through one NativeRuntime.
const providerId = ToolProviderId.of('gate.smoke');
const capabilityId = ToolCapabilityId.of('browser.snapshot');
const resourceScopeId = ResourceScopeId.of('page.active');
const descriptor = {
  id: providerId,
  owner: { kind: 'gate' },
  capabilities: [unwrap(CapabilityDescriptor.new(capabilityId, 'browser', 'Echo the request'))],
};
const provider = [
  "let input = '';",
  "process.stdin.on('data', (chunk) => (input += chunk));",
  "process.stdin.on('end', () => process.stdout.write(JSON.stringify({ kind: 'succeeded', body: { kind: 'text', text: '{}' } })));",
].join('\n');
const catalog = unwrap(AgentRegistry.create([interactiveAgentSpec()]));
const { runtime } = unwrap(NativeRuntime.create(catalog, { providers: [descriptor] }));
try {
  const agent = await runtime.launchAgent(AgentId.of(CONTROL_FIXTURE_ID), {
    cwd: process.cwd(),
    terminalSize: { rows: 24, columns: 80 },
  });
  await agent.waitFor('fixture-ready>', { timeoutMs: 30_000 });
  await agent.submit('smoke');
  await agent.waitFor(/fixture-echo:smoke/, { timeoutMs: 30_000 });
  console.log('smoke: pty session echoed');

  const generation = agent.generation;
  check(generation !== null, 'the session has no generation');
  const acks = runtime.subscribeProviderExitAcks(8);
  const executor = new ChildProcessProviderExecutor({
    command: process.execPath,
    args: ['-e', provider],
  });
  unwrap(runtime.installNativeProvider(providerId, 4, executor));
  const client = unwrap(runtime.toolClient(ToolActorId.of('agent.smoke')));
  await runtime.waitUntil(() => client.snapshot().availableProviders.includes(providerId));
  const key = {
    consumerId: client.consumerId(),
    actorId: client.actorId(),
    instanceId: agent.instanceId,
    generation,
    providerId,
    capabilityId,
    resourceScopeId,
  };
  await runtime.toolAuthority().grant({ key, mode: 'allow' });
  const completion = await client.request({
    localId: CapabilityRequestId.of(1),
    instanceId: agent.instanceId,
    generation,
    providerId,
    capabilityId,
    resourceScopeId,
    approvalSummary: 'Echo the request',
    deadlineTick: 100_000,
    payload: new TextEncoder().encode('{}'),
  });
  check(completion.outcome.kind === 'succeeded', `the request ended ${completion.outcome.kind}`);
  const ack = (await acks.next()).value;
  check(ack?.operation.operationId === completion.operationId, 'no exit ack for the operation');
  console.log('smoke: supervised operation acked');

  const exit = await agent.stop({ graceMs: 2_000 });
  console.log(`smoke: pty session stopped ${JSON.stringify(exit.status)}`);
  unwrap(await runtime.shutdownNativeProviders());
} finally {
  await runtime.dispose();
}

// 4. The testkit reaps a fixture it tracks.
const child = spawnFixture('long-running');
check(isProcessAlive(child.pid), 'the long-running fixture is not alive');
const reaped = await reapAll();
check(reaped.length === 1 && reaped[0]?.pid === child.pid, 'reapAll did not reap the fixture');
check(!isProcessAlive(child.pid), 'the fixture survived reapAll');
console.log('smoke: testkit reaped a fixture');
console.log(`smoke: done on node ${process.version}`);
