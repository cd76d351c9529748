import type { CommandEnvelope, ControlEvent, ControlSnapshot } from '@gate4agent/types';
import type { EdgeState } from '../edge/edge-state.js';
import type { PublishReport } from '../publish/publish-report.js';
import type { BoundedQueue } from '../queue/bounded-queue.js';

/**
 * The kernel side of the legacy control-only port (`boundedPort`): drain commands, publish the
 * control snapshot, fan out events.
 */
export class KernelPort {
  readonly #commands: BoundedQueue<CommandEnvelope>;
  readonly #edge: EdgeState;

  /** @internal obtained from `boundedPort`. */
  constructor(commands: BoundedQueue<CommandEnvelope>, edge: EdgeState) {
    this.#commands = commands;
    this.#edge = edge;
  }

  /** Up to `limit` commands in FIFO order; never blocks. */
  drainCommands(limit: number): CommandEnvelope[] {
    return this.#commands.drain(limit);
  }

  /** Replaces the published control snapshot, keeping the rest of the publication. */
  publishSnapshot(snapshot: ControlSnapshot): void {
    const current = this.#edge.publication;
    this.#edge.publication = {
      snapshot: { ...current.snapshot, revision: snapshot.revision, control: snapshot },
      availableProviderBindings: current.availableProviderBindings,
    };
  }

  /** Offers events in order to every control subscriber; slow ones are disconnected. */
  publishEvents(events: Iterable<ControlEvent>): PublishReport {
    return this.#edge.controlSubscribers.publishMany(events);
  }

  /** Drops the command reader (Rust: dropping the port); later dispatches are `disconnected`. */
  dispose(): void {
    this.#commands.closeReceiver();
  }
}
