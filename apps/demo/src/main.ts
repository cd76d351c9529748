// The gate4agent example app: argument parsing and the wiring of the steps, in order.
import { NativeRuntime } from '@gate4agent/runtime-native';
import { isProcessAlive } from '@gate4agent/testkit';
import { ToolActorId } from '@gate4agent/tool-protocol';
import { AgentInstanceId, unwrap } from '@gate4agent/types';
import { type AgentChoice, fixtureAgent, realAgent } from './agent-choice.js';
import { AgentSession, FIXTURE_ECHO, FIXTURE_READY, TERMINAL_SIZE } from './agent-session.js';
import { parseDemoArgs, USAGE } from './cli-args.js';
import { Report } from './report.js';
import {
  type DemoOp,
  demoExecutor,
  demoGrant,
  demoRequest,
  PROVIDER_ID,
  providerDescriptor,
  type StartedOperations,
} from './tool-provider.js';
import { ToolSession } from './tool-session.js';
import { waitFor } from './wait.js';

const TYPED_LINE = 'hello from gate4agent';

async function runDemo(choice: AgentChoice, report: Report): Promise<number> {
  report.section('runtime');
  const [handle, runtime] = unwrap(
    NativeRuntime.newWithToolProviders(
      choice.catalog,
      { providerStopGraceMs: 1_000, workerPollIntervalMs: 10 },
      [providerDescriptor()],
    ),
  );
  runtime.start();
  report.line(`NativeRuntime started with its host driver; provider ${PROVIDER_ID} registered`);
  const started: StartedOperations = new Map();
  let agentPid: number | null = null;
  try {
    report.section('agent in a PTY');
    const agent = new AgentSession(handle, runtime, AgentInstanceId.of(1));
    const running = await agent.launch(choice.agentId);
    agentPid = running.processId;
    const where = choice.executable === null ? 'embedded fixture' : choice.executable;
    report.line(`${choice.displayName} (${where}) runs as pid ${agentPid}`);
    report.line(
      `${TERMINAL_SIZE.rows}x${TERMINAL_SIZE.columns} PTY, generation ${running.generation}`,
    );
    if (choice.fixture) {
      report.screen(await agent.waitForScreen(FIXTURE_READY));
      report.section('typing a line');
      await agent.typeLine(TYPED_LINE);
      report.line(`typed "${TYPED_LINE}" + Enter`);
      report.screen(await agent.waitForScreen(`${FIXTURE_ECHO}${TYPED_LINE}`));
    } else {
      report.screen(await agent.waitForQuietScreen());
      report.line('(no line is typed into a real agent: it would go to the vendor)');
    }

    report.section('tool client and native provider');
    const authority = runtime.toolAuthority();
    const client = unwrap(authority.bindClient(ToolActorId.new('agent.demo')));
    const tools = new ToolSession(runtime, client.subscribeCompletions(16));
    report.line(`bound tool client ${client.consumerId()} / ${client.actorId()}`);
    const binding = unwrap(runtime.installNativeProvider(PROVIDER_ID, 8, demoExecutor(started)));
    runtime.wake();
    await waitFor('the provider to be available', () =>
      client.snapshot().availableProviders.includes(PROVIDER_ID) ? true : undefined,
    );
    report.line(
      `installed native provider ${PROVIDER_ID} (binding ${binding}): one child process per operation`,
    );
    const grant = demoGrant(client, agent.instanceId, agent.generation());
    unwrap(authority.dispatch({ kind: 'set-grant', grant }));
    runtime.wake();
    await waitFor('the grant', () => (client.snapshot().grants.length > 0 ? true : undefined));
    report.line(
      `granted ${grant.key.capabilityId} on ${grant.key.resourceScopeId} (mode ${grant.mode})`,
    );

    report.section('requests');
    const dispatch = (localId: number, op: DemoOp): void => {
      unwrap(client.dispatch(demoRequest(localId, agent.instanceId, agent.generation(), op)));
      runtime.wake();
      report.line(`request ${localId}: ${JSON.stringify(op)}`);
    };
    dispatch(1, { op: 'echo', text: 'ping' });
    dispatch(2, { op: 'fail' });
    for (const localId of [1, 2]) {
      const completion = await tools.completion(localId);
      report.completion(completion);
      const operation = completion.operationId;
      if (operation !== null) report.ack(await tools.ack(operation), started.get(operation));
    }

    report.section('revoking the grant mid-flight');
    dispatch(3, { op: 'hold' });
    const operationId = await waitFor('request 3 to start', () => {
      const snapshot = runtime.nativeProviderSnapshot(PROVIDER_ID);
      const operation = snapshot?.operations.find((op) => op.operation.requestKey.localId === 3);
      return operation === undefined ? undefined : operation.operation.operationId;
    });
    const pid = await waitFor('the pid of request 3', () => started.get(operationId));
    report.line(`operation ${operationId} runs as pid ${pid} (alive: ${isProcessAlive(pid)})`);
    unwrap(authority.dispatch({ kind: 'revoke-grant', key: grant.key }));
    runtime.wake();
    report.line('revoked the grant');
    report.completion(await tools.completion(3));
    report.ack(await tools.ack(operationId), pid);
    report.line(`pid ${pid}: ${isProcessAlive(pid) ? 'STILL ALIVE' : 'stopped and reaped'}`);

    report.section('shutdown');
    const exited = await agent.stop();
    const code = exited.status.kind === 'exited' ? exited.status.exitCode : null;
    report.line(`agent session stopped: pid ${agentPid} exited (code ${code ?? 'none'})`);
    unwrap(await runtime.shutdownNativeProviders());
    report.line(
      `native providers shut down (complete: ${runtime.nativeProviderShutdownComplete()})`,
    );
    for (const ack of tools.collectAcks()) {
      if (ack.operation.requestKey.localId > 3)
        report.ack(ack, started.get(ack.operation.operationId));
    }
  } finally {
    await runtime.stop();
    await runtime.dispose();
  }
  report.line('runtime stopped and disposed');
  const pids = [...(agentPid === null ? [] : [agentPid]), ...started.values()];
  const left = pids.filter((pid) => isProcessAlive(pid));
  report.line(`processes started: ${pids.join(' ')}`);
  report.line(left.length === 0 ? 'processes left: none' : `processes left: ${left.join(' ')}`);
  return left.length === 0 ? 0 : 1;
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parseDemoArgs(argv);
  if (args.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (args.kind === 'invalid') {
    process.stderr.write(`demo: ${args.message}\n`);
    return 2;
  }
  let choice = fixtureAgent();
  if (args.agent !== null) {
    const real = realAgent(args.agent);
    if (!real.ok) {
      process.stderr.write(`demo: ${real.error}\n`);
      return 1;
    }
    choice = real.value;
  }
  return runDemo(choice, new Report());
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `demo failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
