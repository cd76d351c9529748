import type { Gate4AgentHandle } from '@gate4agent/handle';
import { CONTROL_FIXTURE_ID } from '@gate4agent/testkit';
import type { AgentInstanceId, CommandEnvelope, TerminalSize } from '@gate4agent/types';
import { AgentId, ProviderRuntimePolicy, unwrap } from '@gate4agent/types';
import { command, startRequest } from './fixtures.js';

/** What {@link startPtyInstance} registers and starts; every field but `instanceId` has a default. */
export interface PtyInstanceOptions {
  readonly instanceId: AgentInstanceId;
  /** Default the testkit's control fixture (`CONTROL_FIXTURE_ID`). */
  readonly agentId?: AgentId;
  /** The register command's id; the start takes the next one. Default 1. */
  readonly commandId?: number;
  /** Default `ProviderRuntimePolicy.rawPty()`. */
  readonly runtimePolicy?: ProviderRuntimePolicy;
  /** Default 24 × 80. */
  readonly size?: TerminalSize;
  /** Default none. */
  readonly initialPrompt?: string | null;
}

/**
 * The `register` and `start` envelopes of one PTY instance, for a test that steps a kernel itself
 * (`kernel.step([register], [])`, then `kernel.step([start], [])`).
 */
export function ptyInstanceCommands(options: PtyInstanceOptions): {
  readonly register: CommandEnvelope;
  readonly start: CommandEnvelope;
} {
  const { instanceId, commandId = 1 } = options;
  const agentId = options.agentId ?? AgentId.of(CONTROL_FIXTURE_ID);
  const size = options.size ?? { rows: 24, columns: 80 };
  return {
    register: command(commandId, { kind: 'register', instanceId, agentId, transport: 'pty' }),
    start: command(commandId + 1, {
      kind: 'start',
      instanceId,
      runtimePolicy: options.runtimePolicy ?? ProviderRuntimePolicy.rawPty(),
      request: startRequest(size, options.initialPrompt ?? null),
    }),
  };
}

/**
 * Dispatches `register` and then `start` of one PTY instance through `handle` (throws when the
 * queue refuses either). The caller ticks or drives the runtime until the state it needs.
 */
export function startPtyInstance(
  handle: Gate4AgentHandle,
  options: PtyInstanceOptions,
): AgentInstanceId {
  const { register, start } = ptyInstanceCommands(options);
  unwrap(handle.dispatch(register));
  unwrap(handle.dispatch(start));
  return options.instanceId;
}
