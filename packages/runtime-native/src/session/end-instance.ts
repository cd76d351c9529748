import type { Gate4AgentError, SessionSnapshot } from '@gate4agent/types';
import { DEFAULT_AGENT_STOP_GRACE_MS } from '../constants.js';
import { isEnded, isLive } from './agent-exit-text.js';
import { stopWithGrace } from './stop-with-grace.js';
import { untilChanged } from './until-changed.js';

/** What ending an instance needs from its `AgentSession`. */
export interface InstanceControl {
  /** The instance's latest published row, whatever its generation (`null` once removed). */
  row(): SessionSnapshot | null;
  /** Called after every publication (the session's wait set). */
  readonly changed: Set<() => void>;
  /** Whether the runtime is being disposed. */
  disposed(): boolean;
  /** Dispatches a `stop` of the instance. */
  stop(force: boolean): void;
  /** Dispatches `remove` and watches for its rejection until `release()`. */
  remove(): { rejection(): Gate4AgentError | null; release(): void };
}

/** What ending an instance needs besides {@link InstanceControl}: the session's own run. */
export interface SessionEnd extends InstanceControl {
  /** Whether the engine has reduced every command the session sent. */
  settled(): boolean;
  /** Whether the session's own run has ended (its `exited` settled). */
  ended(): boolean;
  /** Stops the session's own run (cooperative, then forced) and resolves once it ended. */
  stopOwnRun(): Promise<unknown>;
  /** Ends what the runtime keeps for the removed instance (its MCP launch). */
  release(): Promise<void>;
}

/**
 * Ends an `AgentSession`'s instance: waits until the engine has reduced every command the
 * session sent (a register or start still queued, say by a launch given up early, would
 * otherwise take effect after the cleanup and leave the instance registered or running), then
 * stops the session's own run, then any later live run ({@link endLiveRun}), then removes the
 * instance ({@link removeInstance}) and releases it (its MCP launch). A disposed runtime needs
 * none of it (its PTYs are stopped, it has no control plane left and its disposal ends every MCP
 * launch); an instance already gone after the session's run ended is only released.
 */
export async function endInstance(end: SessionEnd): Promise<void> {
  await untilChanged(end.changed, undefined, () =>
    end.settled() || end.disposed() ? true : undefined,
  );
  if (end.disposed()) return;
  if (end.row() !== null || !end.ended()) {
    await end.stopOwnRun();
    await endLiveRun(end);
    await removeInstance(end);
  }
  await end.release();
}

/**
 * Ends a run of the instance that is live (started, say, through the control handle after the
 * session's own run ended): a cooperative stop, a forced one after the session's default grace,
 * then waits for its end. A run someone else is stopping is only waited for.
 */
export async function endLiveRun(control: InstanceControl): Promise<void> {
  const live = control.row();
  if (live === null || !isLive(live.status) || control.disposed()) return;
  const ended = untilChanged(control.changed, undefined, () => {
    const row = control.row();
    const over = row === null || row.generation !== live.generation || isEnded(row.status);
    return over || control.disposed() ? true : undefined;
  });
  if (live.status.kind === 'stopping') await ended;
  else await stopWithGrace((force) => control.stop(force), ended, DEFAULT_AGENT_STOP_GRACE_MS);
}

/**
 * Removes the resting instance and resolves once its row is gone (or the runtime is disposed);
 * rejects with the engine's `command-rejected` when the removal is refused.
 */
export async function removeInstance(control: InstanceControl): Promise<void> {
  if (control.disposed() || control.row() === null) return;
  const watched = control.remove();
  try {
    await untilChanged(control.changed, undefined, () => {
      const rejected = watched.rejection();
      if (rejected !== null) throw rejected;
      return control.row() === null || control.disposed() ? true : undefined;
    });
  } finally {
    watched.release();
  }
}
