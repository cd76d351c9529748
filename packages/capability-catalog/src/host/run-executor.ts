import { err, ok, type Result } from '@gate4agent/types';
import type { ModelClient } from '../agent-loop/model-client.js';
import { type AgentResult, runAgentLoop } from '../agent-loop/run-agent-loop.js';
import { CapabilityRuntimeError } from '../errors/capability-runtime-error.js';
import { CodeError } from '../errors/code-error.js';
import { CapabilityCeiling } from '../lifecycle/capability-ceiling.js';
import type { CapabilityCatalog } from '../projection/capability-catalog.js';
import type { AsyncMutex } from '../util/async-mutex.js';
import { type MonotonicClock, withDeadline } from '../util/deadline.js';
import type { Tool } from '../values/tool.js';
import type { RunBoundTool } from './run-bound-tool.js';
import { type RunSnapshot, RunStore } from './run-store.js';
import {
  buildRunRegistries,
  type CompatibilityState,
  type RunRegistries,
} from './runtime-validation.js';
import { SessionCapabilityRun } from './session-capability-run.js';

/** What `spawnRunWithId` did: started the Run, or found the same Run already recorded. */
export type SpawnedRun =
  | { readonly kind: 'started'; readonly snapshot: RunSnapshot }
  | { readonly kind: 'replayed'; readonly snapshot: RunSnapshot };

/** The Session state Runs are admitted and executed on. */
export interface RunExecutorContext {
  readonly sessionId: string;
  readonly client: ModelClient | null;
  readonly systemPrompt: string | null;
  readonly runBoundTools: readonly RunBoundTool[];
  readonly maxToolRounds: number | null;
  readonly state: CompatibilityState;
  readonly lock: AsyncMutex;
  readonly catalog: CapabilityCatalog;
  readonly sessionSignal: AbortSignal;
  readonly clock: MonotonicClock;
  isClosed(): boolean;
}

interface PinnedRun {
  readonly run: SessionCapabilityRun;
  readonly registries: RunRegistries;
}

/**
 * Admits and executes the Session's Runs, one at a time (spec §8.6): pin the generation and
 * build the Run-frozen registries under the linearisation lock, admit (one Use lease), run the
 * agent loop against the frozen tools, and close the Run before the result is returned.
 */
export class RunExecutor {
  readonly store: RunStore;
  readonly #active = new Set<Promise<unknown>>();
  #executing = false;
  #nextRun = 1;

  constructor(private readonly context: RunExecutorContext) {
    this.store = new RunStore(context.sessionId);
  }

  /** Waits until no Run is executing, at most `timeoutMs`; returns whether it became idle. */
  async waitIdle(timeoutMs: number): Promise<boolean> {
    const { clock } = this.context;
    const deadline = clock() + timeoutMs;
    while (this.#active.size > 0) {
      const outcome = await withDeadline(Promise.allSettled([...this.#active]), deadline, clock);
      if (outcome.kind === 'timed-out') return false;
    }
    return true;
  }

  /** Runs `prompt` to completion; resolves after the Run closed and its lease was released. */
  async send(prompt: string): Promise<Result<AgentResult, CodeError>> {
    if (this.#executing) return err(CodeError.sessionBusy(this.context.sessionId));
    this.#executing = true;
    const runId = `run-${this.#nextRun}`;
    this.#nextRun += 1;
    const execution = this.#execute(runId, prompt);
    this.#track(execution);
    return execution;
  }

  /**
   * Starts the Run `runId`: replays a Run recorded with the same prompt, refuses another
   * prompt under the same id, and settles the reserved record as failed when admission fails.
   */
  async spawnRunWithId(runId: string, prompt: string): Promise<Result<SpawnedRun, CodeError>> {
    const existing = this.store.snapshot(runId);
    if (existing !== null) {
      if (existing.sessionId === this.context.sessionId && existing.prompt === prompt) {
        return ok({ kind: 'replayed', snapshot: existing });
      }
      return err(CodeError.runIdentityConflict(runId));
    }
    if (this.#executing) return err(CodeError.sessionBusy(this.context.sessionId));
    this.#executing = true;
    this.store.reserve(runId, prompt);
    const pinned = await this.#pin();
    if (!pinned.ok) {
      this.store.markFailed(runId, pinned.error.message);
      this.#executing = false;
      return pinned;
    }
    this.store.markRunning(runId);
    const snapshot = this.store.snapshot(runId)!;
    this.#track(this.#drive(runId, prompt, pinned.value));
    return ok({ kind: 'started', snapshot });
  }

  #track(execution: Promise<unknown>): void {
    this.#active.add(execution);
    const forget = (): void => {
      this.#active.delete(execution);
    };
    execution.then(forget, forget);
  }

  async #execute(runId: string, prompt: string): Promise<Result<AgentResult, CodeError>> {
    this.store.reserve(runId, prompt);
    const pinned = await this.#pin();
    if (!pinned.ok) {
      this.store.markFailed(runId, pinned.error.message);
      this.#executing = false;
      return pinned;
    }
    this.store.markRunning(runId);
    return this.#drive(runId, prompt, pinned.value);
  }

  async #pin(): Promise<Result<PinnedRun, CodeError>> {
    const { context } = this;
    const release = await context.lock.acquire('run-pinning');
    if (context.isClosed()) {
      release();
      return err(CodeError.sessionClosed(context.sessionId));
    }
    const pin = context.catalog.pin();
    const registries = buildRunRegistries(pin.projection, context.state);
    release();
    if (!registries.ok) {
      pin.release();
      return err(CodeError.capability(registries.error));
    }
    const ceiling = CapabilityCeiling.all(pin.projection.set);
    if (!ceiling.ok) {
      pin.release();
      return err(CodeError.capability(CapabilityRuntimeError.scope(ceiling.error)));
    }
    const admitted = await SessionCapabilityRun.admit(
      pin,
      'active',
      'active',
      ceiling.value,
      context.sessionSignal,
      context.clock,
    );
    if (!admitted.ok) return err(CodeError.capability(admitted.error));
    const recheck = await context.lock.acquire('run-admission-recheck');
    const closed = context.isClosed();
    recheck();
    if (closed) {
      await admitted.value.close();
      admitted.value.release();
      return err(CodeError.sessionClosed(context.sessionId));
    }
    return ok({ run: admitted.value, registries: registries.value });
  }

  async #drive(
    runId: string,
    prompt: string,
    pinned: PinnedRun,
  ): Promise<Result<AgentResult, CodeError>> {
    const { context } = this;
    const { run, registries } = pinned;
    try {
      const tools = new Map<string, Tool>(registries.tools);
      for (const bound of context.runBoundTools) {
        tools.set(bound.name, bound.bind({ sessionId: context.sessionId, runId, registries }));
      }
      const outcome: Result<AgentResult, CodeError> =
        context.client === null
          ? err(CodeError.agentLoop('the Session has no model client'))
          : await runAgentLoop({
              client: context.client,
              tools,
              system: context.systemPrompt,
              prompt,
              context: { sessionId: context.sessionId, runId, signal: run.runScope.signal },
              ...(context.maxToolRounds === null ? {} : { maxRounds: context.maxToolRounds }),
            }).then((r) => (r.ok ? r : err(CodeError.agentLoop(r.error))));
      const closed = await run.close();
      run.release();
      if (!outcome.ok) {
        this.store.markFailed(runId, outcome.error.message);
        return outcome;
      }
      if (!closed.ok) {
        const error = CodeError.capability(closed.error);
        this.store.markFailed(runId, error.message);
        return err(error);
      }
      this.store.markCompleted(runId);
      return outcome;
    } finally {
      run.release();
      this.#executing = false;
    }
  }
}
