// Issue #18's benchmark (docs/scale-out.md, "The benchmark to add"): placement latency, frame
// fan-out and tool requests/s through a fleet — a loopback 3-node NATS JetStream cluster, two host
// processes, one client per owner — against the same work on one local NativeRuntime. The issue
// sets no goal: every row is informational, a ratio fleet ÷ local. Needs nats-server
// (`node tooling/scripts/install/nats-server.mjs`).
import type { BenchRow, Measurements, RunSize, Scenario } from '../scenario.js';

interface Sizes {
  readonly launches: number;
  readonly fanOutSeconds: number;
  readonly requestsPerClient: number;
  readonly warmUp: number;
}

const SIZES: Record<RunSize, Sizes> = {
  full: { launches: 20, fanOutSeconds: 10, requestsPerClient: 32, warmUp: 4 },
  quick: { launches: 8, fanOutSeconds: 3, requestsPerClient: 32, warmUp: 2 },
  smoke: { launches: 2, fanOutSeconds: 0.5, requestsPerClient: 4, warmUp: 0 },
};
/** The fan-outs: clients × viewers per client (1, 4 and 16 viewers). */
const FAN_OUTS = [
  { id: '1', clients: 1, viewersPerClient: 1 },
  { id: '4', clients: 1, viewersPerClient: 4 },
  { id: '16', clients: 4, viewersPerClient: 4 },
] as const;
const TOOL_CLIENTS = 3;
const CLIENTS = 4;

const ANCHOR = 'the same work on one local NativeRuntime';
const GOAL = 'informational (no goal in #18): fleet ÷ local';

function row(id: string, metric: string, unit: string, key: string, digits: number): BenchRow {
  return {
    id,
    metric,
    unit,
    ours: { part: 'fleet', key },
    anchor: { part: 'local', key },
    anchorLabel: ANCHOR,
    ratio: 'quotient',
    goal: GOAL,
    met: () => null,
    digits,
  };
}

const scenario: Scenario = {
  id: 'fleet',
  title:
    'placement, frame fan-out and tool requests through a fleet (3-node NATS JetStream cluster, 2 host processes) vs one local NativeRuntime',
  order: 100,
  parts: ['fleet', 'local'],
  timeoutMs: 300_000,
  rows: [
    row(
      'fleet-placement-p50',
      'fleet placement latency, p50 (launchAgent → agent runs)',
      'ms',
      'placementP50',
      1,
    ),
    row('fleet-placement-p95', 'fleet placement latency, p95', 'ms', 'placementP95', 1),
    ...FAN_OUTS.map(({ id, clients, viewersPerClient }) =>
      row(
        `fleet-frames-${id}`,
        `fleet frames/s per viewer, ${clients * viewersPerClient} viewer${clients * viewersPerClient === 1 ? '' : 's'} on ${clients} client${clients === 1 ? '' : 's'} (a line typed every 10 ms)`,
        'frames/s',
        `frames${id}`,
        1,
      ),
    ),
    row(
      'fleet-frame-lag-p50',
      'fleet frame lag, p50 (line typed → a viewer shows it), 16 viewers',
      'ms',
      'lag16P50',
      1,
    ),
    row('fleet-frame-lag-p95', 'fleet frame lag, p95, 16 viewers', 'ms', 'lag16P95', 1),
    row(
      'fleet-tool-rate',
      `fleet tool requests/s, ${TOOL_CLIENTS} clients × 32 at once (completion + exit ack)`,
      'req/s',
      'toolRate',
      0,
    ),
    row('fleet-exit-acks', 'fleet exit acks per tool request', 'acks', 'acksPerRequest', 2),
  ],
  async run(part, size): Promise<Measurements> {
    const sizes = SIZES[size];
    // Loaded here, so each part's process holds only what it runs.
    const work = await import('../fleet-work.js');
    const side =
      part === 'fleet'
        ? await (await import('../fleet-side.js')).fleetSide(CLIENTS)
        : (await import('../bench-side.js')).localSide(CLIENTS);
    try {
      const placed = await work.phase('placement', () => work.placement(side, sizes.launches));
      const measured: Record<string, number> = {
        placementP50: placed.p50,
        placementP95: placed.p95,
      };
      for (const { id, clients, viewersPerClient } of FAN_OUTS) {
        const seen = await work.phase(`fan-out to ${clients * viewersPerClient}`, () =>
          work.fanOut(side, clients, viewersPerClient, sizes.fanOutSeconds),
        );
        measured[`frames${id}`] = seen.framesPerSecond;
        if (id === '16') {
          measured.lag16P50 = seen.lagP50;
          measured.lag16P95 = seen.lagP95;
        }
      }
      const tools = await work.phase('tool requests', () =>
        work.toolRate(side, TOOL_CLIENTS, sizes.requestsPerClient, sizes.warmUp),
      );
      measured.toolRate = tools.requestsPerSecond;
      measured.acksPerRequest = tools.acksPerRequest;
      return measured;
    } finally {
      await side.close();
    }
  },
};

export default scenario;
