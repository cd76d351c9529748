import type { CommandEnvelope } from '@gate4agent/types';
import { EdgeState } from '../edge/edge-state.js';
import { BoundedQueue } from '../queue/bounded-queue.js';
import { boundedIngressCapacity } from '../queue/clamp-capacity.js';
import { Gate4AgentHandle } from './gate4agent-handle.js';
import { KernelPort } from './kernel-port.js';

/**
 * The legacy control-only port: one command queue of `commandCapacity` (clamped to
 * `[1, MAX_INGRESS_CAPACITY]`) and a fresh edge. Upstream `bounded_port`, returning the Rust tuple;
 * {@link createPort} returns the ends by name.
 */
export function boundedPort(commandCapacity: number): [Gate4AgentHandle, KernelPort] {
  const commands = new BoundedQueue<CommandEnvelope>(boundedIngressCapacity(commandCapacity));
  const edge = new EdgeState();
  return [
    new Gate4AgentHandle((command) => commands.trySend(command), edge),
    new KernelPort(commands, edge),
  ];
}

/** The two ends of a legacy control-only port, by name (see {@link createPort}). */
export interface PortParts {
  /** The application's control handle. */
  readonly handle: Gate4AgentHandle;
  /** The kernel loop's side: drain commands, publish snapshots and events. */
  readonly port: KernelPort;
}

/** {@link boundedPort} with its two ends returned by name: `const { handle, port } = createPort(64)`. */
export function createPort(commandCapacity: number): PortParts {
  const [handle, port] = boundedPort(commandCapacity);
  return { handle, port };
}
