import type { CommandEnvelope, ControlSnapshot, Result } from '@gate4agent/types';
import { CommandEnvelopeCodec, err, handOffChecked, ok } from '@gate4agent/types';
import type { EdgeState } from '../edge/edge-state.js';
import type { EventSubscription } from '../publish/subscription-kinds.js';
import type { TrySendError } from '../queue/try-send-error.js';
import type { AgentPort } from './agent-port.js';
import { PortDispatchError } from './port-dispatch-error.js';

/** How a handle puts a control command on its ingress (legacy queue or shared backend queue). */
export type SendCommand = (command: CommandEnvelope) => Result<void, TrySendError>;

/**
 * The application's handle on a control plane. It checks each command's shape, and gets no
 * per-command reply: outcomes show up in snapshots and events. Clones share the queue and the edge.
 */
export class Gate4AgentHandle implements AgentPort {
  readonly #send: SendCommand;
  readonly #edge: EdgeState;

  /** @internal obtained from `boundedControlPlane` or `boundedPort`. */
  constructor(send: SendCommand, edge: EdgeState) {
    this.#send = send;
    this.#edge = edge;
  }

  /** Another handle on the same control plane (Rust `Clone`). */
  clone(): Gate4AgentHandle {
    return new Gate4AgentHandle(this.#send, this.#edge);
  }

  /**
   * Enqueues `command`. Its shape is checked against the `CommandEnvelope` schema first (safe
   * integer ids, known kinds and approval levels, bytes as `Uint8Array`): a wrong shape is
   * `invalid-input` and nothing is enqueued. Whether the command applies is the kernel's call.
   */
  dispatch(command: CommandEnvelope): Result<void, PortDispatchError> {
    const checked = CommandEnvelopeCodec.checkValue(command);
    if (!checked.ok) return err(PortDispatchError.invalidInput(checked.error));
    // The checked copy is queued and only the kernel reads it: its step check takes it as it is.
    handOffChecked(CommandEnvelopeCodec, checked.value);
    const sent = this.#send(checked.value);
    if (sent.ok) return ok();
    return err(
      sent.error.kind === 'full' ? PortDispatchError.full() : PortDispatchError.disconnected(),
    );
  }

  snapshot(): ControlSnapshot {
    return this.#edge.publication.snapshot.control;
  }

  /** Over MAX_CONTROL_SUBSCRIBERS registered subscriptions, the new one is born disconnected. */
  subscribe(capacity: number): EventSubscription {
    return this.#edge.controlSubscribers.subscribe(capacity);
  }
}
