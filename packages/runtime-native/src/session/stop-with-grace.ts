import { setTimeout as delay } from 'node:timers/promises';

/**
 * Stops a run the way `AgentSession` does: `send(false)` (a cooperative stop) now, `send(true)`
 * (a forced one) when `ended` has not settled after `graceMs`, then resolves once `ended` has.
 * No timer outlives it.
 */
export async function stopWithGrace(
  send: (force: boolean) => void,
  ended: Promise<unknown>,
  graceMs: number,
): Promise<void> {
  let done = false;
  const settled = ended.then(() => {
    done = true;
  });
  send(false);
  const grace = new AbortController();
  const forced = delay(Math.max(0, graceMs), true, { signal: grace.signal }).catch(() => false);
  const first = await Promise.race([settled.then(() => false), forced]);
  grace.abort();
  if (first === true && !done) send(true);
  await settled;
}
