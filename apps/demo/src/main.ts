// The gate4agent example app: argument parsing and the wiring of the steps, in order.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AgentExit, NativeRuntime } from '@gate4agent/runtime-native';
import { isProcessAlive } from '@gate4agent/testkit';
import { ToolActorId } from '@gate4agent/tool-protocol';
import { unwrap } from '@gate4agent/types';
import { type AgentChoice, fixtureAgent, realAgent } from './agent-choice.js';
import {
  AGENT_TERMINAL_SIZE,
  describeGate,
  FIXTURE_ECHO,
  FIXTURE_READY,
  FIXTURE_TERMINAL_SIZE,
  SCREEN_TIMEOUT_MS,
  settledScreen,
} from './agent-screen.js';
import { parseDemoArgs, USAGE } from './cli-args.js';
import { ExitAcks } from './exit-acks.js';
import { runMcpSection } from './mcp-section.js';
import { Report } from './report.js';
import {
  demoExecutor,
  demoGrant,
  demoRequest,
  PROVIDER_ID,
  providerDescriptor,
  type StartedOperations,
} from './tool-provider.js';
import { runWebDemo } from './web-mode.js';

const TYPED_LINE = 'hello from gate4agent';
const WAIT = { timeoutMs: SCREEN_TIMEOUT_MS };

async function runDemo(choice: AgentChoice, report: Report): Promise<number> {
  report.section('runtime');
  const { runtime } = unwrap(
    NativeRuntime.create(choice.catalog, {
      config: { providerStopGraceMs: 1_000 },
      providers: [providerDescriptor()],
    }),
  );
  report.line(`NativeRuntime created; provider ${PROVIDER_ID} registered`);
  const started: StartedOperations = new Map();
  let agentPid: number | null = null;
  // The agent works in a scratch directory, so a real agent cannot touch this checkout.
  const scratch = mkdtempSync(join(tmpdir(), 'gate4agent-demo-'));
  try {
    report.section('agent in a PTY');
    const size = choice.fixture ? FIXTURE_TERMINAL_SIZE : AGENT_TERMINAL_SIZE;
    const agent = await runtime.launchAgent(choice.agentId, { terminalSize: size, cwd: scratch });
    agentPid = agent.processId;
    const where = choice.executable === null ? 'embedded fixture' : choice.executable;
    report.line(`${choice.displayName} (${where}) runs as pid ${agentPid} in a scratch directory`);
    report.line(`${size.rows}x${size.columns} PTY, generation ${agent.generation}`);
    if (choice.fixture) {
      report.screen(await agent.waitFor(FIXTURE_READY, WAIT));
      report.section('typing a line');
      await agent.submit(TYPED_LINE);
      report.line(`typed "${TYPED_LINE}" + Enter`);
      report.screen(await agent.waitFor(`${FIXTURE_ECHO}${TYPED_LINE}`, WAIT));
    } else {
      report.screen(await settledScreen(agent, choice.paintTimeoutMs));
      report.line(describeGate(agent.operatorGate));
      report.line('(no line is typed into a real agent: it would go to the vendor)');
    }

    report.section('tool client and native provider');
    const authority = runtime.toolAuthority();
    const client = unwrap(runtime.toolClient(ToolActorId.of('agent.demo')));
    const acks = new ExitAcks(runtime.subscribeProviderExitAcks(32));
    report.line(`bound tool client ${client.consumerId()} / ${client.actorId()}`);
    const binding = unwrap(runtime.installNativeProvider(PROVIDER_ID, 8, demoExecutor(started)));
    await runtime.waitUntil(() => client.snapshot().availableProviders.includes(PROVIDER_ID));
    report.line(
      `installed native provider ${PROVIDER_ID} (binding ${binding}): one child process per operation`,
    );
    const generation = agent.generation;
    if (generation === null) throw new Error('the agent ended before its tools were set up');
    const grant = demoGrant(client, agent.instanceId, generation);
    await authority.grant(grant);
    report.line(
      `granted ${grant.key.capabilityId} on ${grant.key.resourceScopeId} (mode ${grant.mode})`,
    );

    report.section('requests');
    const request = (localId: number, op: Parameters<typeof demoRequest>[3]) => {
      report.line(`request ${localId}: ${JSON.stringify(op)}`);
      return demoRequest(localId, agent.instanceId, generation, op);
    };
    const answers = [
      client.request(request(1, { op: 'echo', text: 'ping' })),
      client.request(request(2, { op: 'fail' })),
    ];
    for (const answer of answers) {
      const completion = await answer;
      report.completion(completion);
      const operation = completion.operationId;
      if (operation !== null) report.ack(await acks.of(operation), started.get(operation));
    }

    report.section('revoking the grant mid-flight');
    const held = client.request(request(3, { op: 'hold' }));
    const [operationId, pid] = await runtime.waitUntil(() => heldProcess(runtime, started, 3));
    report.line(`operation ${operationId} runs as pid ${pid} (alive: ${isProcessAlive(pid)})`);
    await authority.revoke(grant.key);
    report.line('revoked the grant');
    report.completion(await held);
    report.ack(await acks.of(operationId), pid);
    report.line(`pid ${pid}: ${isProcessAlive(pid) ? 'STILL ALIVE' : 'stopped and reaped'}`);

    report.section('cancelling a request with an AbortSignal');
    await authority.grant(grant);
    const controller = new AbortController();
    const aborted = client.request(request(4, { op: 'hold' }), { signal: controller.signal });
    const [abortedId, abortedPid] = await runtime.waitUntil(() => heldProcess(runtime, started, 4));
    report.line(`operation ${abortedId} runs as pid ${abortedPid}; aborting its signal`);
    controller.abort();
    report.completion(await aborted);
    report.ack(await acks.of(abortedId), abortedPid);
    report.line(
      `pid ${abortedPid}: ${isProcessAlive(abortedPid) ? 'STILL ALIVE' : 'stopped and reaped'}`,
    );

    report.section('MCP bridge');
    await runMcpSection(runtime, agent, generation, started, report);

    report.section('shutdown');
    const exit = await agent.stop({ graceMs: 2_000 });
    report.line(`agent session stopped: pid ${agentPid} ${describeExit(exit.status)}`);
    for (const line of exit.lastLines) report.line(`  last screen line: ${line}`);
    await agent.dispose();
    unwrap(await runtime.shutdownNativeProviders());
    report.line(
      `native providers shut down (complete: ${runtime.nativeProviderShutdownComplete()})`,
    );
  } finally {
    await runtime.dispose();
    rmSync(scratch, { recursive: true, force: true });
  }
  report.line('runtime stopped and disposed');
  const pids = [...(agentPid === null ? [] : [agentPid]), ...started.values()];
  const left = pids.filter((pid) => isProcessAlive(pid));
  report.line(`processes started: ${pids.join(' ')}`);
  report.line(left.length === 0 ? 'processes left: none' : `processes left: ${left.join(' ')}`);
  return left.length === 0 ? 0 : 1;
}

/** The operation id and pid of request `localId` once its child process runs. */
function heldProcess(
  runtime: NativeRuntime,
  started: StartedOperations,
  localId: number,
): [number, number] | undefined {
  const operations = runtime.nativeProviderSnapshot(PROVIDER_ID)?.operations ?? [];
  const held = operations.find((entry) => entry.operation.requestKey.localId === localId);
  const operationId = held?.operation.operationId;
  const pid = operationId === undefined ? undefined : started.get(operationId);
  return operationId === undefined || pid === undefined ? undefined : [operationId, pid];
}

function describeExit(status: AgentExit['status']): string {
  if (status.kind === 'failed') return `failed: ${status.message}`;
  return `exited (code ${status.exitCode ?? 'none'})`;
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
  if (args.web) {
    const stop = new AbortController();
    const onSignal = () => stop.abort();
    // `on`, not `once`: the runtime's host-exit hook re-raises a signal that no app handler holds.
    process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
    try {
      return await runWebDemo((line) => process.stdout.write(`${line}\n`), stop.signal);
    } finally {
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    }
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
