// Ad-hoc measurement of the supervised path against its raw anchor, side by side in one run
// (issue #14's supervision rows). Needs a build (`pnpm build`); not a test, not run by CI.
//   node bench/supervised-vs-raw.mjs throughput [ops]   32 in flight, dispatch → completion → exit ack
//   node bench/supervised-vs-raw.mjs revoke [rounds]    revoke → exit ack beyond the grace vs SIGKILL → exit
//   node bench/supervised-vs-raw.mjs heap [ops]         heap held per in-flight op (supervisor level)
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { AgentRegistry } from '@gate4agent/agent-catalog';
import { CONTROL_FIXTURE_ID, interactiveAgentSpec } from '@gate4agent/testkit';
import {
  CapabilityDescriptor,
  CapabilityRequestId,
  ResourceScopeId,
  ToolActorId,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { AgentId, unwrap } from '@gate4agent/types';

// BENCH_DIST=<folder> measures another build of this package (a before/after comparison).
const { ChildProcessProviderExecutor, NativeRuntime, platformMinimalChildEnvironment } =
  await import(`../${process.env.BENCH_DIST ?? 'dist'}/index.js`);

const RESULT = '{"kind":"succeeded","body":{"kind":"text","text":"ok"}}';
const PROGRAM = { command: '/usr/bin/printf', args: [RESULT] };
const IGNORING = { command: '/bin/sh', args: ['-c', 'trap "" TERM; exec sleep 600'] };
const IN_FLIGHT = 32;
const GRACE = 25;

const providerId = ToolProviderId.of('gate.bench.supervised');
const capabilityId = ToolCapabilityId.of('browser.snapshot');
const scope = ResourceScopeId.of('bench.scope');
const descriptor = {
  id: providerId,
  owner: { kind: 'gate' },
  capabilities: [
    unwrap(CapabilityDescriptor.new(capabilityId, 'browser', 'Run the bench program')),
  ],
};

const cpuMs = (usage) => (usage.user + usage.system) / 1_000;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

function rawOnce(program) {
  return new Promise((resolve) => {
    const child = spawn(program.command, program.args, {
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
      env: platformMinimalChildEnvironment({}),
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.once('close', () => resolve(Buffer.concat(chunks)));
  });
}

async function pool(total, inFlight, once) {
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next += 1;
      await once();
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}

// With PROFILE_DIR set, each measured segment writes its own CPU profile there.
const profileDir = process.env.PROFILE_DIR;
let inspector = null;
async function profiled(label, body) {
  if (profileDir === undefined) return body();
  if (inspector === null) {
    inspector = new Session();
    inspector.connect();
    await inspector.post('Profiler.enable');
  }
  await inspector.post('Profiler.start');
  const result = await body();
  const { profile } = await inspector.post('Profiler.stop');
  writeFileSync(
    `${profileDir}/${label.replace(/\W+/g, '-')}-${Date.now()}.cpuprofile`,
    JSON.stringify(profile),
  );
  return result;
}

let ticks = 0;

async function measure(label, total, once) {
  ticks = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  await profiled(label, () => pool(total, IN_FLIGHT, once));
  const wall = performance.now() - start;
  const used = cpuMs(process.cpuUsage(cpu));
  const result = { label, opsPerSecond: (total / wall) * 1_000, cpuMsPerOp: used / total };
  console.log(
    `${label.padEnd(11)} ${result.opsPerSecond.toFixed(0).padStart(5)} ops/s  ${result.cpuMsPerOp.toFixed(2)} ms CPU/op  ${(ticks / total).toFixed(2)} ticks/op`,
  );
  return result;
}

async function supervisedRuntime(program, stopGrace) {
  const catalog = unwrap(AgentRegistry.create([interactiveAgentSpec()]));
  const { runtime } = unwrap(
    NativeRuntime.create(catalog, {
      providers: [descriptor],
      config: { providerStopGraceMs: stopGrace },
    }),
  );
  const session = await runtime.launchAgent(AgentId.of(CONTROL_FIXTURE_ID));
  const executor = new ChildProcessProviderExecutor({ ...program, stdin: 'ignore' });
  unwrap(runtime.installNativeProvider(providerId, 64, executor));
  const client = unwrap(runtime.toolClient(ToolActorId.of('agent.bench')));
  await runtime.waitUntil(() => client.snapshot().availableProviders.includes(providerId));
  const grant = {
    key: {
      consumerId: client.consumerId(),
      actorId: client.actorId(),
      instanceId: session.instanceId,
      generation: session.generation,
      providerId,
      capabilityId,
      resourceScopeId: scope,
    },
    mode: 'allow',
  };
  await runtime.toolAuthority().grant(grant);
  const waiters = new Map();
  const early = new Set();
  const acks = runtime.subscribeProviderExitAcks(1_024);
  (async () => {
    for await (const ack of acks) {
      const id = ack.operation.operationId;
      const waiter = waiters.get(id);
      if (waiter === undefined) early.add(id);
      else {
        waiters.delete(id);
        waiter(ack);
      }
    }
  })();
  const ackOf = (operationId) =>
    new Promise((resolve) => {
      if (early.delete(operationId)) resolve(null);
      else waiters.set(operationId, resolve);
    });
  let localId = 0;
  const request = () => {
    localId += 1;
    return client.request({
      localId: CapabilityRequestId.of(localId),
      instanceId: session.instanceId,
      generation: session.generation,
      providerId,
      capabilityId,
      resourceScopeId: scope,
      approvalSummary: 'bench',
      deadlineTick: Number.MAX_SAFE_INTEGER,
      payload: new TextEncoder().encode('{}'),
    });
  };
  const close = async () => {
    unwrap(await runtime.shutdownNativeProviders());
    await session[Symbol.asyncDispose]();
    await runtime.dispose();
  };
  return { runtime, client, grant, request, ackOf, close };
}

function supervisedOnceOf(supervised) {
  supervised.runtime.onPublish(() => {
    ticks += 1;
  });
  return async () => {
    const completion = await supervised.request();
    if (completion.outcome.kind !== 'succeeded') {
      throw new Error(`unexpected outcome ${JSON.stringify(completion.outcome)}`);
    }
    await supervised.ackOf(completion.operationId);
  };
}

// Only the supervised path, for `node --cpu-prof`.
async function profile(total) {
  const supervised = await supervisedRuntime(PROGRAM, 5_000);
  await measure('supervised', total, supervisedOnceOf(supervised));
  await supervised.close();
}

async function throughput(total) {
  const supervised = await supervisedRuntime(PROGRAM, 5_000);
  const supervisedOnce = supervisedOnceOf(supervised);
  // Warm both paths, then alternate so both see the same machine.
  await measure('raw warm', 64, () => rawOnce(PROGRAM));
  await measure('sup warm', 64, supervisedOnce);
  const raws = [];
  const sups = [];
  for (let round = 0; round < 3; round += 1) {
    raws.push(await measure('raw', total, () => rawOnce(PROGRAM)));
    sups.push(await measure('supervised', total, supervisedOnce));
  }
  const ratio = median(sups.map((s, i) => s.opsPerSecond / raws[i].opsPerSecond));
  const cpu = median(sups.map((s, i) => s.cpuMsPerOp / raws[i].cpuMsPerOp));
  console.log(`median ratio ops/s supervised/raw ${ratio.toFixed(2)}; CPU/op ${cpu.toFixed(2)}×`);
  await supervised.close();
}

// When the supervision sent its last SIGKILL (process.kill is wrapped while `revoke` runs).
let lastSigkillAt = 0;

async function rawKillToExit() {
  const child = spawn(IGNORING.command, IGNORING.args, { stdio: 'ignore', detached: true });
  await new Promise((resolve) => setTimeout(resolve, 20));
  const start = performance.now();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGKILL');
  await exited;
  return performance.now() - start;
}

// Rounds alternate a raw SIGKILL → exit and a supervised revoke → exit ack, so both see the same
// machine; reported: revoke → ack beyond the grace, and the supervisor's own SIGKILL → ack.
async function revoke(rounds) {
  const kill = process.kill.bind(process);
  process.kill = (pid, signal) => {
    if (signal === 'SIGKILL') lastSigkillAt = performance.now();
    return kill(pid, signal);
  };
  const supervised = await supervisedRuntime(IGNORING, GRACE);
  const raw = [];
  const beyond = [];
  const killToAck = [];
  for (let i = 0; i < rounds; i += 1) {
    raw.push(await rawKillToExit());
    const completion = supervised.request();
    await supervised.runtime.waitUntil(
      () => supervised.runtime.nativeProviderSnapshot(providerId).operations.length > 0,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const start = performance.now();
    await supervised.runtime.toolAuthority().revoke(supervised.grant.key);
    const done = await completion;
    await supervised.ackOf(done.operationId);
    const acked = performance.now();
    beyond.push(acked - start - GRACE);
    killToAck.push(acked - lastSigkillAt);
    await supervised.runtime.toolAuthority().grant(supervised.grant);
  }
  process.kill = kill;
  const fmt = (values) =>
    `p50 ${median(values).toFixed(1)} ms / p99 ${percentile(values, 0.99).toFixed(1)} ms`;
  console.log(`raw SIGKILL → exit          ${fmt(raw)}`);
  console.log(`revoke → ack beyond grace   ${fmt(beyond)}`);
  console.log(`supervisor SIGKILL → ack    ${fmt(killToAck)}`);
  await supervised.close();
}

const [mode = 'throughput', count] = process.argv.slice(2);
if (mode === 'throughput') await throughput(Number(count ?? 400));
else if (mode === 'profile') await profile(Number(count ?? 400));
else if (mode === 'profile-raw') await measure('raw', Number(count ?? 400), () => rawOnce(PROGRAM));
else if (mode === 'revoke') await revoke(Number(count ?? 100));
else throw new Error(`unknown mode ${mode}; use throughput, profile or revoke`);
