// Retrying a first call against a cluster that is still electing its JetStream meta leader.
import { setTimeout as delay } from 'node:timers/promises';

/** How long {@link retryUntil} waits between attempts (ms). */
export const RETRY_INTERVAL_MS = 250;

/**
 * Calls `attempt` until it resolves and returns its value; an attempt that rejects is made again
 * after {@link RETRY_INTERVAL_MS} until `timeoutMs` have passed, then the last rejection is thrown.
 * Use it for the first JetStream call on a fresh cluster (`FleetClient.connect`, `FleetHost.start`).
 */
export async function retryUntil<T>(attempt: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await delay(RETRY_INTERVAL_MS);
    }
  }
}
