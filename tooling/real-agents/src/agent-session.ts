import { AgentRegistry, builtinSpecs } from '@gate4agent/agent-catalog';
import type { EventSubscription, Gate4AgentHandle } from '@gate4agent/handle';
import { NativeRuntime } from '@gate4agent/runtime-native';
import { driveUntil } from '@gate4agent/testkit';
import {
  AgentId,
  AgentInstanceId,
  type AgentSpec,
  type ApprovalLevel,
  CommandId,
  type ControlCommand,
  ProviderRuntimePolicy,
  type SessionSnapshot,
  unwrap,
} from '@gate4agent/types';
import type { AgentSandbox } from './agent-sandbox.js';
import type { InstalledAgent } from './install-agent.js';

/** The PTY size of every real-agent session (as the manual runs: tmux `-x 120 -y 40`). */
export const AGENT_TERMINAL_SIZE = { rows: 40, columns: 120 } as const;
/** SIGTERM → SIGKILL grace of the sessions' kill domains, in ms. */
export const AGENT_STOP_GRACE_MS = 5_000;

/** How to start one session. */
export interface AgentSessionOptions {
  readonly policy?: ProviderRuntimePolicy;
  readonly approvalLevel?: ApprovalLevel;
  readonly initialPrompt?: string | null;
}

/** The registry's spec of an installed agent, launching its installed executable. */
export function installedSpec(installed: InstalledAgent): AgentSpec {
  const spec = builtinSpecs().find((candidate) => candidate.id === installed.agent.agentId);
  if (spec === undefined) {
    throw new Error(`agent '${installed.agent.agentId}' is not in the built-in registry`);
  }
  const copy = structuredClone(spec);
  copy.launch = { ...copy.launch, program: installed.binPath };
  return copy;
}

// The child environment is built from this process's environment at spawn time (the minimal
// allowlist), so a fresh HOME is set here while the spawn runs; XDG_* would point elsewhere.
const SANDBOXED_KEYS = ['HOME', 'XDG_CONFIG_HOME', 'XDG_CACHE_HOME', 'XDG_DATA_HOME'] as const;

/** One agent session on its own NativeRuntime, driven by the runtime's host driver. */
export class AgentSession implements AsyncDisposable {
  readonly instanceId = AgentInstanceId.of(1);
  readonly #handle: Gate4AgentHandle;
  readonly #runtime: NativeRuntime;
  readonly #events: EventSubscription;
  readonly #rejections: string[] = [];
  #nextCommand = 1;

  private constructor(handle: Gate4AgentHandle, runtime: NativeRuntime) {
    this.#handle = handle;
    this.#runtime = runtime;
    this.#events = handle.subscribe(1_024);
  }

  /** Registers and starts the agent in `sandbox` and waits until the session runs (or ended). */
  static async start(
    installed: InstalledAgent,
    sandbox: AgentSandbox,
    options: AgentSessionOptions = {},
  ): Promise<AgentSession> {
    const spec = installedSpec(installed);
    const registry = unwrap(AgentRegistry.create([spec]), 'real-agent registry');
    const [handle, runtime] = NativeRuntime.new(registry, { ptyStopGraceMs: AGENT_STOP_GRACE_MS });
    const session = new AgentSession(handle, runtime);
    runtime.start();
    const saved = SANDBOXED_KEYS.map((key) => [key, process.env[key]] as const);
    process.env.HOME = sandbox.home;
    for (const key of SANDBOXED_KEYS.slice(1)) delete process.env[key];
    try {
      session.dispatch({
        kind: 'register',
        instanceId: session.instanceId,
        agentId: AgentId.of(installed.agent.agentId),
        transport: 'pty',
      });
      session.dispatch({
        kind: 'start',
        instanceId: session.instanceId,
        runtimePolicy: options.policy ?? ProviderRuntimePolicy.rawPty(),
        request: {
          workingDirectory: sandbox.cwd,
          terminalSize: AGENT_TERMINAL_SIZE,
          initialPrompt: options.initialPrompt ?? null,
          sessionOptions: null,
          approvalLevel: options.approvalLevel ?? 'ask',
        },
      });
      await driveUntil(() => session.snapshot()?.status.kind === 'running' || session.ended(), {
        message: `${installed.agent.agentId} did not leave 'starting'`,
        timeoutMs: 60_000,
      });
    } finally {
      for (const [key, value] of saved) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
    return session;
  }

  /** Dispatches one command; a refused command throws. */
  dispatch(command: ControlCommand): void {
    unwrap(this.#handle.dispatch({ id: CommandId.of(this.#nextCommand++), command }));
  }

  /** The messages of every `command-rejected` event so far (the engine refused a command). */
  rejections(): readonly string[] {
    for (let next = this.#events.tryRecv(); next.ok; next = this.#events.tryRecv()) {
      if (next.value.event.kind === 'command-rejected')
        this.#rejections.push(next.value.event.message);
    }
    return this.#rejections;
  }

  /** The session's snapshot, or `null` before it is registered. */
  snapshot(): SessionSnapshot | null {
    return this.#handle.snapshot().sessions[0] ?? null;
  }

  /** The screen as last published. */
  screen(): string {
    return this.snapshot()?.terminalFrame?.contents ?? '';
  }

  /** Waits until the screen shows `text` or the session ended; returns the screen. */
  async waitForScreen(text: string, timeoutMs: number): Promise<string> {
    await driveUntil(() => this.screen().includes(text) || this.ended(), {
      timeoutMs,
      message: `the screen never showed ${JSON.stringify(text)}; it shows:\n${this.screen()}`,
    });
    return this.screen();
  }

  /** Whether the session is over (exited or failed). */
  ended(): boolean {
    const kind = this.snapshot()?.status.kind;
    return kind === 'exited' || kind === 'failed';
  }

  /** Asks for a stop (not forced) and waits until the session is over. */
  async stop(): Promise<void> {
    if (!this.ended()) this.dispatch({ kind: 'stop', instanceId: this.instanceId, force: false });
    await this.waitEnded();
  }

  /** Waits until the session is over. */
  async waitEnded(timeoutMs = 60_000): Promise<void> {
    await driveUntil(() => this.ended(), { timeoutMs, message: 'the session did not end' });
  }

  /** Stops the runtime (its sessions' domains included). Idempotent. */
  async dispose(): Promise<void> {
    await this.#runtime.dispose();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }
}
