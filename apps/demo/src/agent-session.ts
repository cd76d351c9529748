import type { EventSubscription, Gate4AgentHandle } from '@gate4agent/handle';
import type { NativeRuntime } from '@gate4agent/runtime-native';
import type {
  AgentId,
  AgentInstanceId,
  ControlCommand,
  InputAction,
  SessionGeneration,
  SessionSnapshot,
} from '@gate4agent/types';
import { CommandId, ProviderRuntimePolicy, unwrap } from '@gate4agent/types';
import { sleep, waitFor } from './wait.js';

/** The screen size the agent's PTY gets. */
export const TERMINAL_SIZE = { rows: 12, columns: 72 } as const;

/** The fixture agent's prompt, and the prefix of its echo. */
export const FIXTURE_READY = 'fixture-ready>';
export const FIXTURE_ECHO = 'fixture-echo:';

/** One agent instance driven through the public handle. */
export class AgentSession {
  readonly #handle: Gate4AgentHandle;
  readonly #runtime: NativeRuntime;
  readonly #instanceId: AgentInstanceId;
  readonly #events: EventSubscription;
  #nextCommand = 1;

  constructor(handle: Gate4AgentHandle, runtime: NativeRuntime, instanceId: AgentInstanceId) {
    this.#handle = handle;
    this.#runtime = runtime;
    this.#instanceId = instanceId;
    this.#events = handle.subscribe(64);
  }

  /** The instance this session drives. */
  get instanceId(): AgentInstanceId {
    return this.#instanceId;
  }

  /** This instance's row of the control-plane snapshot. */
  snapshot(): SessionSnapshot | undefined {
    return this.#handle.snapshot().sessions.find((s) => s.instanceId === this.#instanceId);
  }

  /** The generation of the running session (grants and requests are bound to it). */
  generation(): SessionGeneration {
    return this.snapshot()!.generation;
  }

  /** Registers and starts `agentId` in a PTY under the raw PTY policy; waits until it runs. */
  async launch(agentId: AgentId): Promise<SessionSnapshot> {
    this.#dispatch({ kind: 'register', instanceId: this.#instanceId, agentId, transport: 'pty' });
    this.#dispatch({
      kind: 'start',
      instanceId: this.#instanceId,
      runtimePolicy: ProviderRuntimePolicy.rawPty(),
      request: {
        workingDirectory: process.cwd(),
        terminalSize: TERMINAL_SIZE,
        initialPrompt: null,
        sessionOptions: null,
        approvalLevel: 'ask',
      },
    });
    return waitFor('the agent to run', () => {
      const session = this.snapshot();
      if (session?.status.kind === 'exited' || session?.status.kind === 'failed') {
        throw new Error(`the agent did not start: ${JSON.stringify(session.status)}`);
      }
      return session?.status.kind === 'running' && session.processId !== null ? session : undefined;
    });
  }

  /** Waits until the screen shows `text`. */
  async waitForScreen(text: string): Promise<string> {
    return waitFor(`"${text}" on the screen`, () => {
      const contents = this.snapshot()?.terminalFrame?.contents;
      return contents?.includes(text) === true ? contents : undefined;
    });
  }

  /** Waits until the screen has content and has not changed for `quietMs` (real agents). */
  async waitForQuietScreen(quietMs = 1_500, timeoutMs = 20_000): Promise<string> {
    const deadline = performance.now() + timeoutMs;
    let last = '';
    let since = performance.now();
    for (;;) {
      const contents = this.snapshot()?.terminalFrame?.contents ?? '';
      if (contents !== last) {
        last = contents;
        since = performance.now();
      } else if (contents.trim().length > 0 && performance.now() - since >= quietMs) {
        return contents;
      }
      if (performance.now() > deadline) return contents;
      await sleep(50);
    }
  }

  /** Types `line` (plain text, then Enter) into the PTY: one input operation at a time. */
  async typeLine(line: string): Promise<void> {
    await this.#input({ kind: 'terminal-text', text: line });
    await this.#input({ kind: 'terminal-control', control: 'enter' });
  }

  /** Sends one input and waits for its `input-completed` event. */
  async #input(action: InputAction): Promise<void> {
    const commandId = this.#dispatch({ kind: 'send-input', instanceId: this.#instanceId, action });
    await waitFor('the input to be written', () => {
      for (let next = this.#events.tryRecv(); next.ok; next = this.#events.tryRecv()) {
        const { event } = next.value;
        if (next.value.instanceId !== this.#instanceId) continue;
        if (event.kind === 'command-rejected' && next.value.commandId === commandId) {
          throw new Error(`input rejected: ${event.message}`);
        }
        if (event.kind === 'input-failed') throw new Error(`input failed: ${event.message}`);
        if (event.kind === 'input-completed') return true;
      }
      return undefined;
    });
  }

  /** Stops the agent (its whole process tree) and waits until the session has exited. */
  async stop(): Promise<SessionSnapshot> {
    this.#dispatch({ kind: 'stop', instanceId: this.#instanceId, force: false });
    return waitFor('the agent to exit', () => {
      const session = this.snapshot();
      return session?.status.kind === 'exited' ? session : undefined;
    });
  }

  #dispatch(command: ControlCommand): CommandId {
    const id = CommandId.of(this.#nextCommand++);
    unwrap(this.#handle.dispatch({ id, command }));
    this.#runtime.wake();
    return id;
  }
}
