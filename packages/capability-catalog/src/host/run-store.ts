/** Where a Run is in its life. */
export type RunStatus = 'created' | 'running' | 'completed' | 'failed' | 'cancelled';

/** An immutable view of one Run record. */
export interface RunSnapshot {
  readonly runId: string;
  readonly sessionId: string;
  readonly prompt: string;
  readonly status: RunStatus;
  /** The failure text of a failed Run, else `null`. */
  readonly error: string | null;
}

/** The in-memory records of a Session's Runs and which one is current. */
export class RunStore {
  readonly #runs = new Map<string, RunSnapshot>();
  #current: string | null = null;

  constructor(private readonly sessionId: string) {}

  /** Reserves the record `runId` (status `created`). */
  reserve(runId: string, prompt: string): RunSnapshot {
    const snapshot = Object.freeze({
      runId,
      sessionId: this.sessionId,
      prompt,
      status: 'created' as const,
      error: null,
    });
    this.#runs.set(runId, snapshot);
    return snapshot;
  }

  /** The record of `runId`, or `null`. */
  snapshot(runId: string): RunSnapshot | null {
    return this.#runs.get(runId) ?? null;
  }

  #update(runId: string, status: RunStatus, error: string | null): void {
    const run = this.#runs.get(runId);
    // A Run cancelled by Session close keeps that status when its loop finishes later.
    if (run === undefined || run.status === 'cancelled') return;
    this.#runs.set(runId, Object.freeze({ ...run, status, error }));
  }

  /** Marks `runId` running and makes it current. */
  markRunning(runId: string): void {
    this.#update(runId, 'running', null);
    this.#current = runId;
  }

  /** Marks `runId` completed. */
  markCompleted(runId: string): void {
    this.#update(runId, 'completed', null);
    if (this.#current === runId) this.#current = null;
  }

  /** Marks `runId` failed with `message`. */
  markFailed(runId: string, message: string): void {
    this.#update(runId, 'failed', message);
    if (this.#current === runId) this.#current = null;
  }

  /** Marks the current Run cancelled (Session close). */
  cancelCurrent(): void {
    if (this.#current === null) return;
    this.#update(this.#current, 'cancelled', null);
    this.#current = null;
  }

  /** The current Run, or `null`. */
  current(): RunSnapshot | null {
    return this.#current === null ? null : this.snapshot(this.#current);
  }
}
