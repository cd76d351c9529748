import { err, type Result } from '@gate4agent/types';
import type { ModelClient } from '../agent-loop/model-client.js';
import type { AgentResult } from '../agent-loop/run-agent-loop.js';
import { CapabilityRuntimeError } from '../errors/capability-runtime-error.js';
import { CodeError } from '../errors/code-error.js';
import { CapabilityCeiling } from '../lifecycle/capability-ceiling.js';
import { CapabilityCatalog } from '../projection/capability-catalog.js';
import type {
  CapabilityCatalogStamp,
  CapabilityCommitReceipt,
} from '../projection/catalog-stamp.js';
import type { CapabilityCleanupReport } from '../projection/cleanup-queue.js';
import { AsyncMutex, type MutexRelease } from '../util/async-mutex.js';
import { defaultClock, type MonotonicClock } from '../util/deadline.js';
import type { AgentDefinition, WorkerAgentSpec } from '../values/agent-definition.js';
import type {
  ContextProvider,
  HookBinding,
  KnowledgeBinding,
  SlashCommand,
} from '../values/bindings.js';
import type { Skill } from '../values/skill.js';
import type { Tool } from '../values/tool.js';
import { applyBatch } from './apply-batch.js';
import { closeSession } from './close-session.js';
import {
  type CompatibilityRegistrations,
  compatibilityRegistrations,
} from './compatibility-registrations.js';
import {
  AgentRegistry,
  CommandRegistry,
  HookRegistry,
  SkillRegistry,
  ToolRegistry,
} from './compatibility-registries.js';
import type { RunBoundTool } from './run-bound-tool.js';
import { RunExecutor, type SpawnedRun } from './run-executor.js';
import type { RunSnapshot } from './run-store.js';
import type { CompatibilityState } from './runtime-validation.js';
import type { SessionCapabilityBatch } from './session-capability-batch.js';
import { SessionCapabilityRun } from './session-capability-run.js';

/** How a {@link CapabilitySession} is built. */
export interface CapabilitySessionOptions {
  readonly sessionId: string;
  /** The model Runs talk to; without one, `send` fails before any model call. */
  readonly client?: ModelClient;
  readonly systemPrompt?: string | null;
  /** Built-ins rebuilt per Run from its frozen registries (for example `search_skills`). */
  readonly runBoundTools?: readonly RunBoundTool[];
  /** Skills the Session starts with (compatibility side). */
  readonly skills?: readonly Skill[];
  readonly staticContextProviders?: readonly ContextProvider[];
  readonly cognitiveBinding?: KnowledgeBinding | null;
  /** MCP server names owned by compatibility registrations. */
  readonly mcpServers?: Iterable<string>;
  /** Returns why a projected skill is unacceptable, or `null` (default: accept all). */
  readonly validateSkill?: (skill: Skill) => string | null;
  readonly maxToolRounds?: number;
  readonly clock?: MonotonicClock;
}

/**
 * The Session host of the generational capability catalog: it applies batches atomically,
 * admits Runs pinned to one generation with exactly one Use lease, keeps the compatibility
 * registries from shadowing (or being shadowed by) a published projection, and closes with a
 * single linearisation against a ready commit.
 */
export class CapabilitySession implements AsyncDisposable {
  readonly sessionId: string;
  /** The per-Session catalog (stamp, pins, cleanup queue). */
  readonly capabilityCatalog: CapabilityCatalog;
  /** Serialises async extension mutations (batch application, close). */
  readonly extensionMutation = new AsyncMutex();
  /**
   * The single linearisation point of close, publication, compatibility registration and Run
   * pinning. Held only across sections that do not await anything else. Exposed so a host (or a
   * test) can order its own critical section against them.
   */
  readonly immediateExtensionMutation = new AsyncMutex();
  readonly toolRegistry: ToolRegistry;
  readonly skillRegistry = new SkillRegistry();
  readonly agentRegistry = new AgentRegistry();
  readonly commandRegistry = new CommandRegistry();
  readonly hookRegistry = new HookRegistry();
  readonly #compatibility: CompatibilityState;
  readonly #registrations: CompatibilityRegistrations;
  readonly #runs: RunExecutor;
  readonly #sessionCancel = new AbortController();
  readonly #clock: MonotonicClock;
  #closed = false;
  #closeReport: CapabilityCleanupReport | null = null;

  constructor(options: CapabilitySessionOptions) {
    this.sessionId = options.sessionId;
    this.#clock = options.clock ?? defaultClock;
    this.capabilityCatalog = new CapabilityCatalog(this.#clock);
    const runBoundTools = options.runBoundTools ?? [];
    this.toolRegistry = new ToolRegistry(runBoundTools.map((t) => t.name));
    for (const skill of options.skills ?? []) this.skillRegistry.set(skill);
    this.#compatibility = {
      tools: this.toolRegistry,
      skills: this.skillRegistry,
      agents: this.agentRegistry,
      commands: this.commandRegistry,
      hooks: this.hookRegistry,
      mcpServers: new Set(options.mcpServers ?? []),
      staticContextProviders: options.staticContextProviders ?? [],
      cognitiveBinding: options.cognitiveBinding ?? null,
      validateSkill: options.validateSkill ?? (() => null),
    };
    this.#registrations = compatibilityRegistrations({
      sessionId: this.sessionId,
      catalog: this.capabilityCatalog,
      state: this.#compatibility,
      mutateImmediate: (fn) => this.#mutateImmediate(fn),
    });
    this.#runs = new RunExecutor({
      sessionId: this.sessionId,
      client: options.client ?? null,
      systemPrompt: options.systemPrompt ?? null,
      runBoundTools,
      maxToolRounds: options.maxToolRounds ?? null,
      state: this.#compatibility,
      lock: this.immediateExtensionMutation,
      isClosed: () => this.#closed,
      catalog: this.capabilityCatalog,
      sessionSignal: this.#sessionCancel.signal,
      clock: this.#clock,
    });
  }

  /** Whether `close()` has passed its admission boundary. */
  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Prepares, validates and publishes `batch` as the next generation, or changes nothing.
   * Cancelled by `signal` (`cancelled`) or by Session close (`session-closed`); every prepared
   * effect of a failed apply is queued as one rollback batch before this resolves.
   */
  applyCapabilityBatch(
    batch: SessionCapabilityBatch,
    signal?: AbortSignal,
  ): Promise<Result<CapabilityCommitReceipt, CapabilityRuntimeError>> {
    return applyBatch(
      {
        catalog: this.capabilityCatalog,
        state: this.#compatibility,
        extensionMutation: this.extensionMutation,
        immediateExtensionMutation: this.immediateExtensionMutation,
        sessionSignal: this.#sessionCancel.signal,
        isClosed: () => this.#closed,
      },
      batch,
      signal,
    );
  }

  /** The stamp new Runs would be admitted on. */
  capabilityCatalogStamp(): CapabilityCatalogStamp {
    return this.capabilityCatalog.currentStamp();
  }

  /** Closes every rolled-back or retired effect waiting in the cleanup queue. */
  drainCapabilityCleanup(): Promise<CapabilityCleanupReport> {
    return this.capabilityCatalog.drainCleanup();
  }

  /** The cleanup report of the final drain of `close()`, once it ran. */
  capabilityCloseReport(): CapabilityCleanupReport | null {
    return this.#closeReport;
  }

  /**
   * Admits a Run on the published generation without running anything: pins it, then acquires
   * exactly one Use lease when the generation is Use-backed. The caller closes and releases it.
   */
  async admitCapabilityRun(): Promise<Result<SessionCapabilityRun, CapabilityRuntimeError>> {
    const release = await this.immediateExtensionMutation.acquire('run-admission');
    if (this.#closed) {
      release();
      return err(CapabilityRuntimeError.sessionClosed());
    }
    const pin = this.capabilityCatalog.pin();
    release();
    const ceiling = CapabilityCeiling.all(pin.projection.set);
    if (!ceiling.ok) {
      pin.release();
      return err(CapabilityRuntimeError.scope(ceiling.error));
    }
    return SessionCapabilityRun.admit(
      pin,
      'active',
      'active',
      ceiling.value,
      this.#sessionCancel.signal,
      this.#clock,
    );
  }

  /** Registers a dynamic tool unless a published projection owns its name. */
  registerDynamicTool(tool: Tool): Promise<Result<void, CodeError>> {
    return this.#registrations.registerDynamicTool(tool);
  }

  /** Adds a skill unless a published projection owns its name. */
  addSkill(skill: Skill): Promise<Result<void, CodeError>> {
    return this.#registrations.addSkill(skill);
  }

  /** Registers a worker agent unless a published agent has the same canonical name. */
  registerWorkerAgent(spec: WorkerAgentSpec): Promise<Result<AgentDefinition, CodeError>> {
    return this.#registrations.registerWorkerAgent(spec);
  }

  /** Registers every worker agent, or none when any name is taken by a published agent. */
  registerWorkerAgents(
    specs: Iterable<WorkerAgentSpec>,
  ): Promise<Result<readonly AgentDefinition[], CodeError>> {
    return this.#registrations.registerWorkerAgents(specs);
  }

  /** Loads `*.yaml`/`*.yml`/`*.md` agents under `dir` and registers all of them, or none. */
  registerAgentDir(dir: string): Promise<Result<number, CodeError>> {
    return this.#registrations.registerAgentDir(dir);
  }

  /** Registers a slash command unless a published projection owns its name. */
  registerCommand(command: SlashCommand): Promise<Result<void, CodeError>> {
    return this.#registrations.registerCommand(command);
  }

  /** Registers a hook unless a published projection owns its id. */
  registerHook(hook: HookBinding): Promise<Result<void, CodeError>> {
    return this.#registrations.registerHook(hook);
  }

  /** Runs `prompt` to completion on the current generation (single flight per Session). */
  send(prompt: string): Promise<Result<AgentResult, CodeError>> {
    return this.#runs.send(prompt);
  }

  /** Starts the Run `runId` in the background, or replays it when it already exists. */
  spawnRunWithId(runId: string, prompt: string): Promise<Result<SpawnedRun, CodeError>> {
    return this.#runs.spawnRunWithId(runId, prompt);
  }

  /** The record of the Run `runId`, or `null`. */
  runSnapshot(runId: string): RunSnapshot | null {
    return this.#runs.store.snapshot(runId);
  }

  /** The Run currently executing, or `null`. */
  currentRun(): RunSnapshot | null {
    return this.#runs.store.current();
  }

  /**
   * Closes the Session once (later calls return at once): flips `closed` under the
   * linearisation lock, cancels preparation and Runs, waits for them, then retires and drains
   * every effect. The published stamp is left as it is.
   */
  async close(): Promise<void> {
    const report = await closeSession({
      immediateExtensionMutation: this.immediateExtensionMutation,
      extensionMutation: this.extensionMutation,
      catalog: this.capabilityCatalog,
      sessionCancel: this.#sessionCancel,
      runs: this.#runs,
      flipClosed: () => {
        const was = this.#closed;
        this.#closed = true;
        return was;
      },
    });
    if (report !== null) this.#closeReport = report;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  async #mutateImmediate<T>(fn: () => Result<T, CodeError>): Promise<Result<T, CodeError>> {
    const release: MutexRelease = await this.immediateExtensionMutation.acquire('compatibility');
    try {
      if (this.#closed) return err(CodeError.sessionClosed(this.sessionId));
      return fn();
    } finally {
      release();
    }
  }
}
