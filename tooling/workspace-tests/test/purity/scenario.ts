// The browser bundle's entry: one control step and one tool request through every pure package
// (agent-catalog, types, tool-protocol, tool-engine, kernel, handle), returning what they publish.
// It runs inside a `node:vm` context that has web globals only (see ../pure-bundle.test.ts).
import { builtinRegistry, planLaunch } from '@gate4agent/agent-catalog';
import { boundedControlPlane } from '@gate4agent/handle';
import { Gate4AgentKernel } from '@gate4agent/kernel';
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
  ProviderRuntimePolicy,
  unwrap,
} from '@gate4agent/types';

/** Runs the scenario and returns every snapshot and outcome it produced. */
export function run(): Record<string, unknown> {
  const registry = builtinRegistry();
  const claude = registry.getById('claude');
  if (claude === undefined) throw new Error('the built-in registry has no claude');
  const plan = unwrap(
    planLaunch(claude, {
      workingDir: '/repo',
      prompt: 'hello',
      approvalLevel: 'ask',
      platform: 'linux',
    }),
  );

  const providerId = ToolProviderId.of('gate.browser');
  const capabilityId = ToolCapabilityId.of('browser.snapshot');
  const resourceScopeId = ResourceScopeId.of('page.active');
  const descriptor = unwrap(CapabilityDescriptor.new(capabilityId, 'browser', 'Read the page'));
  const kernel = unwrap(
    Gate4AgentKernel.withToolProviders(registry, [
      { id: providerId, owner: { kind: 'gate' }, capabilities: [descriptor] },
    ]),
  );
  const [gate, authority, port] = boundedControlPlane(16);
  const provider = unwrap(port.providerAuthority().bindProvider(providerId, 4));
  const client = unwrap(authority.bindClient(ToolActorId.of('agent.main')));
  const outcomes = client.subscribeRequestOutcomes(4);
  const completions = client.subscribeCompletions(4);
  const instanceId = AgentInstanceId.of(1);

  // The control step: register and start an agent session, then report its process spawned.
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
          workingDirectory: '/repo',
          terminalSize: { rows: 24, columns: 80 },
          initialPrompt: null,
          sessionOptions: null,
          approvalLevel: 'ask',
        },
      },
    }),
  );
  const starting = kernel.stepControlPlane(port.drainIngress(8), []);
  port.publishStep(starting);
  const spawn = starting.effects[0];
  if (spawn === undefined) throw new Error('the start produced no spawn effect');
  const running = kernel.stepControlPlane(
    [],
    [
      {
        protocolVersion: CONTROL_PROTOCOL_VERSION,
        operationId: spawn.operationId,
        instanceId,
        generation: spawn.generation,
        observation: { kind: 'spawned', processId: 4242 },
      },
    ],
  );
  port.publishStep(running);
  const generation = running.backendSnapshot.control.sessions[0]?.generation;
  if (generation === undefined) throw new Error('the session is missing after the spawn');

  // The tool request: grant, dispatch, the provider succeeds, the client gets its completion.
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
  port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
  unwrap(
    client.dispatch({
      localId: CapabilityRequestId.of(1),
      instanceId,
      generation,
      providerId,
      capabilityId,
      resourceScopeId,
      approvalSummary: 'Read the page',
      deadlineTick: 100,
      payload: new TextEncoder().encode('{}'),
    }),
  );
  port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
  const work = unwrap(provider.tryRecv());
  if (work.kind !== 'invoke') throw new Error(`the provider received ${work.kind}, not invoke`);
  unwrap(
    provider.trySucceed(work.invocation, {
      metadata: {
        byteLen: 2,
        mediaType: 'application/json',
        truncated: false,
        redactedSummary: 'ok',
      },
      delivery: { kind: 'inline', bytes: new TextEncoder().encode('{}') },
    }),
  );
  port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));

  return {
    plan: { program: plan.program, args: plan.args, env: plan.env },
    control: gate.snapshot(),
    authority: authority.snapshot(),
    client: client.snapshot(),
    accepted: unwrap(outcomes.tryRecv()),
    completion: unwrap(completions.tryRecv()),
    kernel: kernel.snapshot(),
  };
}
