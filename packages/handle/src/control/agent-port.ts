import type { CommandEnvelope, ControlSnapshot, Result } from '@gate4agent/types';
import type { EventSubscription } from '../publish/subscription-kinds.js';
import type { PortDispatchError } from './port-dispatch-error.js';

/** What an application needs from a control plane: send commands, read state, follow events. */
export interface AgentPort {
  /** Enqueues a control command; its effect shows up in snapshots and events, never as a reply. */
  dispatch(command: CommandEnvelope): Result<void, PortDispatchError>;
  /** The control snapshot of the last publication (immutable; replaced wholesale on publish). */
  snapshot(): ControlSnapshot;
  /** Subscribes to the ordered control events (capacity clamped to `[1, 1024]`). */
  subscribe(capacity: number): EventSubscription;
}
