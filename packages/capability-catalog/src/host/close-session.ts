import { SESSION_CLOSE_RUN_GRACE_MS } from '../constants.js';
import type { CapabilityCatalog } from '../projection/capability-catalog.js';
import type { CapabilityCleanupReport } from '../projection/cleanup-queue.js';
import type { AsyncMutex } from '../util/async-mutex.js';
import type { RunExecutor } from './run-executor.js';

/** The Session state the close sequence works on. */
export interface CloseContext {
  readonly immediateExtensionMutation: AsyncMutex;
  readonly extensionMutation: AsyncMutex;
  readonly catalog: CapabilityCatalog;
  readonly sessionCancel: AbortController;
  readonly runs: RunExecutor;
  /** Sets `closed` and returns whether it was already set. */
  flipClosed(): boolean;
}

/**
 * The close sequence (spec §7.3). Returns the final cleanup report, or `null` when the Session
 * was already closing. Step 1 runs under the linearisation lock, so a publication either
 * happened before it (and its effects are retired here) or sees `closed` and rolls back before
 * `extensionMutation` is released, which step 6 waits for.
 */
export async function closeSession(context: CloseContext): Promise<CapabilityCleanupReport | null> {
  const release = await context.immediateExtensionMutation.acquire('session-close');
  const wasClosed = context.flipClosed();
  release();
  if (wasClosed) return null;
  context.sessionCancel.abort();
  context.runs.store.cancelCurrent();
  // Runs observe the cancellation through their scopes; the two grace windows mirror upstream's
  // "wait, force-abort, wait" (the abort already fired, so the second window is for stragglers).
  if (!(await context.runs.waitIdle(SESSION_CLOSE_RUN_GRACE_MS))) {
    await context.runs.waitIdle(SESSION_CLOSE_RUN_GRACE_MS);
  }
  const releaseExtension = await context.extensionMutation.acquire('session-close');
  try {
    return await context.catalog.close();
  } finally {
    releaseExtension();
  }
}
