// The work of the fleet scenario (docs/scale-out.md, "The benchmark to add"), written once against
// a BenchSide so the fleet and one local NativeRuntime do exactly the same: placement latency,
// frame fan-out and tool requests through completion and exit ack.
import { setMaxListeners } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import type { AgentSessionLike } from '@gate4agent/fleet';
import { CONTROL_FIXTURE_ID } from '@gate4agent/testkit';
import { CapabilityRequestId, CapabilityRequestInput } from '@gate4agent/tool-protocol';
import { AgentId, type SessionGeneration } from '@gate4agent/types';
import { BENCH_SCOPE, type BenchClient, type BenchSide } from './bench-side.js';
import { BENCH_CAPABILITY, BENCH_PROVIDER } from './kernel-sessions.js';
import { percentile } from './stats.js';

const AGENT = AgentId.of(CONTROL_FIXTURE_ID);
const READY = 'fixture-ready>';
const WAIT_MS = 60_000;
const PAYLOAD = new TextEncoder().encode('{}');
/** The fan-out's typist submits one line per this many ms. */
export const TYPING_INTERVAL_MS = 10;
/** How long the fan-out waits, after the typing, for every viewer to show the last line. */
const CATCH_UP_MS = 5_000;

async function ready(client: BenchClient): Promise<AgentSessionLike> {
  const session = await client.runtime.launchAgent(AGENT);
  await session.waitFor(READY, { timeoutMs: WAIT_MS });
  return session;
}

async function end(session: AgentSessionLike): Promise<void> {
  await session.stop({ graceMs: 2_000 });
  await session.dispose();
}

/** Launches one ready session per client; if any launch fails, ends the others and throws. */
async function readyAll(clients: readonly BenchClient[]): Promise<AgentSessionLike[]> {
  const launched = await Promise.allSettled(clients.map(ready));
  const sessions = launched.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const failed = launched.find((result) => result.status === 'rejected');
  if (failed !== undefined) {
    await Promise.allSettled(sessions.map(end));
    throw failed.reason;
  }
  return sessions;
}

/** Waits for every task, then throws the first failure (no task is left running behind it). */
async function settleAll(tasks: readonly Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(tasks)).find((result) => result.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
}

/** Runs `work`, naming `phase` in the message of anything it throws. */
export async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Error)) throw new Error(`${name}: ${String(error)}`);
    const named = new Error(`${name}: ${error.message}`, { cause: error });
    // Keep where it was thrown: that is the stack worth reading.
    named.stack = `Error: ${named.message}\n${(error.stack ?? '').split('\n').slice(1).join('\n')}`;
    throw named;
  }
}

/** Placement latency: `launchAgent` until it resolves (the agent runs), `launches` times. */
export async function placement(
  side: BenchSide,
  launches: number,
): Promise<{ p50: number; p95: number }> {
  const client = side.clients[0];
  if (client === undefined) throw new Error('the side has no client; start it with one or more');
  const samples: number[] = [];
  for (let i = 0; i < launches; i += 1) {
    const started = performance.now();
    const session = await client.runtime.launchAgent(AGENT);
    samples.push(performance.now() - started);
    await end(session);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** What the viewers of one fan-out saw. */
export interface FanOut {
  /** Frames each viewer received per second while the lines were typed, averaged over the viewers. */
  readonly framesPerSecond: number;
  /** From the submit of a line to the first frame showing it at a viewer, median and p95 (ms). */
  readonly lagP50: number;
  readonly lagP95: number;
}

/** A typed line as the screen shows it (the terminal's echo of the input, or the agent's). */
const TYPED = /\bline(\d+)x\b/g;

/**
 * Frame fan-out: `clients` clients each launch a session and type a line every 10 ms for
 * `seconds`, while `viewersPerClient` `frames()` iterators per client read its session.
 */
export async function fanOut(
  side: BenchSide,
  clients: number,
  viewersPerClient: number,
  seconds: number,
): Promise<FanOut> {
  const used = side.clients.slice(0, clients);
  if (used.length < clients) {
    throw new Error(`the fan-out needs ${clients} clients; the side has ${side.clients.length}`);
  }
  const sessions = await readyAll(used);
  try {
    const stop = new AbortController();
    setMaxListeners(clients * viewersPerClient + 8, stop.signal);
    const counts: number[] = [];
    /** The newest line each viewer has seen, and the last line typed into its session. */
    const newest: number[] = [];
    const last: { line: number }[] = [];
    let progressed = () => {};
    const lags: number[] = [];
    const viewers: Promise<void>[] = [];
    const typists: Promise<void>[] = [];
    for (const session of sessions) {
      const sent = new Map<number, number>();
      const typed = { line: -1 };
      for (let v = 0; v < viewersPerClient; v += 1) {
        const slot = counts.push(0) - 1;
        newest.push(-1);
        last.push(typed);
        viewers.push(
          (async () => {
            try {
              for await (const frame of session.frames({ signal: stop.signal })) {
                const now = performance.now();
                counts[slot] = (counts[slot] ?? 0) + 1;
                let seen = -1;
                for (const match of frame.contents.matchAll(TYPED)) {
                  seen = Math.max(seen, Number(match[1]));
                }
                if (seen > (newest[slot] ?? -1)) {
                  const at = sent.get(seen);
                  if (at !== undefined) lags.push(now - at);
                  newest[slot] = seen;
                  progressed();
                }
              }
            } catch (error) {
              if (!stop.signal.aborted) throw error;
            }
          })(),
        );
      }
      typists.push(
        (async () => {
          const begin = performance.now();
          for (let line = 0; performance.now() - begin < seconds * 1_000; line += 1) {
            sent.set(line, performance.now());
            await session.submit(`line${line}x`);
            typed.line = line;
            const next = begin + (line + 1) * TYPING_INTERVAL_MS;
            await delay(Math.max(0, next - performance.now()));
          }
        })(),
      );
    }
    const begin = performance.now();
    await settleAll(typists).catch((error: unknown) => {
      stop.abort();
      throw error;
    });
    // Frames per second over the typing window; the catch-up below only adds lag samples.
    const typingSeconds = (performance.now() - begin) / 1_000;
    const framesWhileTyping = counts.reduce((sum, count) => sum + count, 0);
    // Until every viewer shows the last line typed into its session (or CATCH_UP_MS passed).
    const caughtUp = () => newest.every((seen, slot) => seen >= (last[slot]?.line ?? -1));
    const giveUp = performance.now() + CATCH_UP_MS;
    while (!caughtUp() && performance.now() < giveUp) {
      await new Promise<void>((resolve) => {
        progressed = resolve;
        setTimeout(resolve, giveUp - performance.now()).unref();
      });
    }
    stop.abort();
    await settleAll(viewers);
    if (lags.length === 0)
      throw new Error('no viewer saw a typed line; the fan-out measured nothing');
    return {
      framesPerSecond: framesWhileTyping / counts.length / typingSeconds,
      lagP50: percentile(lags, 50),
      lagP95: percentile(lags, 95),
    };
  } finally {
    await settleAll(sessions.map(end));
  }
}

/** What the tool requests measured. */
export interface ToolRate {
  /** Requests per second from the first send until every completion and exit ack arrived. */
  readonly requestsPerSecond: number;
  /** Exit acks that arrived per request (1 when every operation's exit was acknowledged). */
  readonly acksPerRequest: number;
}

function request(session: AgentSessionLike, localId: number): CapabilityRequestInput {
  return CapabilityRequestInput.of({
    localId: CapabilityRequestId.of(localId),
    instanceId: session.instanceId,
    generation: session.generation as SessionGeneration,
    providerId: BENCH_PROVIDER,
    capabilityId: BENCH_CAPABILITY,
    resourceScopeId: BENCH_SCOPE,
    approvalSummary: 'benchmark operation',
    deadlineTick: Number.MAX_SAFE_INTEGER,
    payload: PAYLOAD,
  });
}

/**
 * Tool requests: `clients` clients, each with its own session and granted tool client, send
 * `perClient` requests at once against the instant-success provider; every completion must
 * succeed and every operation's exit ack must arrive.
 */
export async function toolRate(
  side: BenchSide,
  clients: number,
  perClient: number,
  warmUp: number,
): Promise<ToolRate> {
  const used = side.clients.slice(0, clients);
  if (used.length < clients) {
    throw new Error(`the tool run needs ${clients} clients; the side has ${side.clients.length}`);
  }
  const sessions = await readyAll(used);
  const acks = side.exitAcks();
  try {
    const lanes = await Promise.all(
      used.map((client, i) => client.toolLane(sessions[i] as AgentSessionLike, `agent.bench${i}`)),
    );
    const nextId = lanes.map(() => 0);
    const round = (count: number) =>
      settleAll(
        lanes.flatMap((lane, i) =>
          Array.from({ length: count }, async () => {
            nextId[i] = (nextId[i] ?? 0) + 1;
            const completion = await lane.request(
              request(sessions[i] as AgentSessionLike, nextId[i] ?? 0),
            );
            if (completion.outcome.kind !== 'succeeded') {
              throw new Error(`a tool request ended ${completion.outcome.kind}, not succeeded`);
            }
          }),
        ),
      );
    await round(warmUp);
    const warmAcks = warmUp * lanes.length;
    await acks.until(warmAcks, WAIT_MS);
    const total = perClient * lanes.length;
    const started = performance.now();
    await round(perClient);
    await acks.until(warmAcks + total, WAIT_MS);
    const seconds = (performance.now() - started) / 1_000;
    // Any ack beyond one per operation would show here.
    await delay(200);
    return {
      requestsPerSecond: total / seconds,
      acksPerRequest: (acks.count() - warmAcks) / total,
    };
  } finally {
    acks.close();
    await settleAll(sessions.map(end));
  }
}
