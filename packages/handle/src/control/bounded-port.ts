import type { CommandEnvelope } from '@gate4agent/types';
import { EdgeState } from '../edge/edge-state.js';
import { BoundedQueue } from '../queue/bounded-queue.js';
import { boundedIngressCapacity } from '../queue/clamp-capacity.js';
import { Gate4AgentHandle } from './gate4agent-handle.js';
import { KernelPort } from './kernel-port.js';

/**
 * The legacy control-only port: one command queue of `commandCapacity` (clamped to
 * `[1, MAX_INGRESS_CAPACITY]`) and a fresh edge.
 */
export function boundedPort(commandCapacity: number): [Gate4AgentHandle, KernelPort] {
  const commands = new BoundedQueue<CommandEnvelope>(boundedIngressCapacity(commandCapacity));
  const edge = new EdgeState();
  return [
    new Gate4AgentHandle((command) => commands.trySend(command), edge),
    new KernelPort(commands, edge),
  ];
}
