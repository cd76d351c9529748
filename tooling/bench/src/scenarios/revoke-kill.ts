// Issue #14 row "revoke → exit ack beyond the grace, SIGTERM-ignoring child, p50 / p99": an
// operation whose program ignores SIGTERM runs under a NativeRuntime provider; the grant is
// revoked and the time until its physical exit ack, minus the stop grace, is one sample. The
// anchor sends SIGKILL to a raw spawn of the same program and times it to 'close' (exited, stdio
// closed: what the ack proves).
import { setTimeout as sleep } from 'node:timers/promises';
import { closed, rawSpawn, SIGTERM_IGNORING_PROVIDER } from '../provider-programs.js';
import type { RunSize, Scenario } from '../scenario.js';
import { percentile } from '../stats.js';

const GRACE_MS = 50;
/** Time for `sh` to install its trap and exec `sleep` before the stop is sent. */
const SETTLE_MS = 100;
const SAMPLES: Record<RunSize, number> = { full: 40, quick: 15, smoke: 1 };

async function supervised(samples: number): Promise<number[]> {
  // Loaded here, so the raw part's process holds none of the packages.
  const { supervisedRuntime } = await import('../supervised-runtime.js');
  const host = await supervisedRuntime({
    ...SIGTERM_IGNORING_PROVIDER,
    providerStopGraceMs: GRACE_MS,
  });
  const authority = host.runtime.toolAuthority();
  const beyond: number[] = [];
  try {
    for (let sample = 0; sample < samples; sample += 1) {
      const request = host.request();
      const completion = host.client.request(request);
      const operationId = await host.runtime.waitUntil(
        () =>
          host.runtime
            .nativeProviderSnapshot(host.grant.key.providerId)
            ?.operations.find((entry) => entry.operation.requestKey.localId === request.localId)
            ?.operation.operationId,
        { signal: AbortSignal.timeout(60_000) },
      );
      await host.runtime.waitUntil(() => host.pids.has(operationId), {
        signal: AbortSignal.timeout(60_000),
      });
      await sleep(SETTLE_MS);
      const start = performance.now();
      const revoked = authority.revoke(host.grant.key);
      await host.acks.of(operationId);
      beyond.push(performance.now() - start - GRACE_MS);
      await completion;
      await revoked;
      await authority.grant(host.grant);
    }
  } finally {
    await host.close();
  }
  return beyond;
}

async function raw(samples: number): Promise<number[]> {
  const times: number[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    const child = rawSpawn(SIGTERM_IGNORING_PROVIDER);
    await sleep(SETTLE_MS);
    const start = performance.now();
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    await closed(child);
    times.push(performance.now() - start);
  }
  return times;
}

const scenario: Scenario = {
  id: 'revoke-kill',
  title: `revoke a SIGTERM-ignoring operation (grace ${GRACE_MS} ms) vs SIGKILL a raw spawn`,
  order: 20,
  parts: ['revoke', 'raw-kill'],
  rows: [
    {
      id: 'revoke-p50',
      metric: 'revoke → exit ack beyond the grace, SIGTERM-ignoring child, p50',
      unit: 'ms',
      ours: { part: 'revoke', key: 'p50' },
      anchor: { part: 'raw-kill', key: 'p50' },
      anchorLabel: 'SIGKILL → exit of a raw spawn, p50',
      ratio: 'quotient',
      goal: '≤ 2 ms',
      met: (ours) => ours <= 2,
      digits: 1,
    },
    {
      id: 'revoke-p99',
      metric: 'revoke → exit ack beyond the grace, SIGTERM-ignoring child, p99',
      unit: 'ms',
      ours: { part: 'revoke', key: 'p99' },
      anchor: { part: 'raw-kill', key: 'p99' },
      anchorLabel: 'SIGKILL → exit of a raw spawn, p99',
      ratio: 'quotient',
      goal: '≤ 5 ms',
      met: (ours) => ours <= 5,
      digits: 1,
    },
  ],
  async run(part, size) {
    const samples = part === 'revoke' ? await supervised(SAMPLES[size]) : await raw(SAMPLES[size]);
    return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
  },
};

export default scenario;
