import type { AgentInstanceId, ControlSnapshot } from '@gate4agent/types';
import type { NativeLaunchOverlay } from '../pty/spawn-native.js';
import type { PreparedMcpLaunch } from '../session/mcp-launch.js';
import { NativeRuntimeError } from './native-runtime-error.js';

interface McpLaunch {
  readonly prepared: PreparedMcpLaunch;
  /** Whether a published snapshot has shown the instance (its register was reduced). */
  seen: boolean;
}

/**
 * The MCP launches of a runtime's agent instances (`launchAgent(id, { mcp: true })`). Each lives
 * as long as its instance: its launch overlay is added to every spawn of the instance, its own
 * run's and a later `start` through the control handle alike, and the attachment and scratch
 * config directory end once the instance is removed (a published snapshot no longer shows it),
 * when `release` is called, or when the runtime is disposed.
 */
export class McpLaunches {
  /** The launch overlays by instance id, read by the effect dispatcher at every spawn. */
  readonly overlays = new Map<number, NativeLaunchOverlay>();
  readonly #launches = new Map<number, McpLaunch>();
  readonly #ending = new Map<number, Promise<void>>();
  readonly #report: (error: NativeRuntimeError) => void;

  /** `report` receives an attachment whose end failed (the runtime's error channel). */
  constructor(report: (error: NativeRuntimeError) => void) {
    this.#report = report;
  }

  /** Adds the MCP launch of an instance about to be registered. */
  add(instanceId: AgentInstanceId, prepared: PreparedMcpLaunch): void {
    this.#launches.set(instanceId, { prepared, seen: false });
    this.overlays.set(instanceId, prepared.overlay);
  }

  /**
   * After a kernel step: ends the launch of every instance the snapshot no longer shows, once a
   * snapshot had shown it.
   */
  reconcile(snapshot: ControlSnapshot): void {
    if (this.#launches.size === 0) return;
    const present = new Set<number>();
    for (const row of snapshot.sessions) present.add(row.instanceId);
    for (const [instanceId, launch] of this.#launches) {
      if (present.has(instanceId)) launch.seen = true;
      else if (launch.seen) void this.release(instanceId as AgentInstanceId);
    }
  }

  /**
   * Ends the instance's MCP launch (the overlay at once, then the attachment and its directory);
   * resolves once they have ended, at once when there is none. Never rejects: a failed end is
   * reported (`mcp-detach-failed`).
   */
  release(instanceId: AgentInstanceId): Promise<void> {
    const ending = this.#ending.get(instanceId);
    if (ending !== undefined) return ending;
    const launch = this.#launches.get(instanceId);
    if (launch === undefined) return Promise.resolve();
    this.#launches.delete(instanceId);
    this.overlays.delete(instanceId);
    const ended = launch.prepared.dispose().then(
      () => undefined,
      (error: unknown) => this.#report(NativeRuntimeError.mcpDetachFailed(instanceId, error)),
    );
    const done = ended.finally(() => this.#ending.delete(instanceId));
    this.#ending.set(instanceId, done);
    return done;
  }

  /** Ends every MCP launch (the runtime's disposal) and resolves once all have ended. */
  async releaseAll(): Promise<void> {
    const ids = [...this.#launches.keys()] as AgentInstanceId[];
    await Promise.all([...ids.map((id) => this.release(id)), ...this.#ending.values()]);
  }
}
