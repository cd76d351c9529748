import type { BackendIngress, KernelStep } from '@gate4agent/kernel';
import type { ControlEvent } from '@gate4agent/types';
import { Gate4AgentError } from '@gate4agent/types';
import type { EdgeState } from '../edge/edge-state.js';
import type { ProviderKernelPort } from '../provider-runtime/provider-kernel-port.js';
import type { ProviderRuntimeAuthorityHandle } from '../provider-runtime/provider-runtime-authority-handle.js';
import type { PublishReport } from '../publish/publish-report.js';
import type { BoundedQueue } from '../queue/bounded-queue.js';
import type { ListenerSet } from '../queue/listener-set.js';
import type { AuthorityState } from '../tool/authority-state.js';
import type { ControlPlanePublishReport } from './control-plane-publish-report.js';
import { publishStep } from './publish-step.js';

let readProviderKernelPortOf: (port: ControlPlaneKernelPort) => ProviderKernelPort;

/**
 * The kernel loop's side of a control plane (single owner): drains the shared ingress in FIFO
 * order and publishes each reduced step. It is also the only way to reach the provider-runtime
 * authority: the trust boundary for attaching providers.
 */
export class ControlPlaneKernelPort implements Disposable {
  readonly #ingress: BoundedQueue<BackendIngress>;
  readonly #provider: ProviderKernelPort;
  readonly #edge: EdgeState;
  readonly #authority: AuthorityState;
  readonly #listeners: ListenerSet;

  static {
    readProviderKernelPortOf = (port) => port.#provider;
  }

  /** @internal obtained from `boundedControlPlane`. */
  constructor(
    ingress: BoundedQueue<BackendIngress>,
    provider: ProviderKernelPort,
    edge: EdgeState,
    authority: AuthorityState,
    listeners: ListenerSet,
  ) {
    this.#listeners = listeners;
    this.#ingress = ingress;
    this.#provider = provider;
    this.#edge = edge;
    this.#authority = authority;
  }

  /**
   * Re-sends the detach of every provider binding waiting to retry (they join the tail of the
   * queue and may be drained by this same call), then takes up to `limit` items in FIFO order.
   */
  drainIngress(limit: number): BackendIngress[] {
    this.#provider.flushClosingBindings();
    return this.#ingress.drain(limit);
  }

  /**
   * Subscribes `listener` to ingress arrivals: it is called synchronously after every successful
   * send into the shared ingress, whoever the producer (control dispatch, tool authority, tool
   * clients, provider attach / detach / observe, including the detach retries of
   * `drainIngress`). It runs inside the producer's call, so it should only schedule work (a host
   * loop's next tick), never reduce. A listener that throws is ignored: the send stays a success
   * and the other listeners still run. Returns the unsubscribe function (idempotent); `dispose()`
   * drops every listener.
   */
  onIngress(listener: () => void): () => void {
    return this.#listeners.add(listener);
  }

  /**
   * Where an exception thrown by an ingress listener goes (the runtime's error channel). Without
   * one it is re-thrown later as an unhandled promise rejection: reported, never swallowed.
   */
  onListenerError(handler: ((error: unknown) => void) | null): void {
    this.#listeners.setOnListenerError(handler);
  }

  /**
   * Whether the next `drainIngress` has something to return: items buffered, or a provider
   * detach waiting to be retried. A host loop that drained at most `limit` items asks this to
   * decide whether to tick again before the next arrival.
   */
  hasPendingIngress(): boolean {
    return this.#ingress.length > 0 || this.#provider.hasClosingRetry();
  }

  /** A new handle on the provider-runtime registry of this control plane. */
  providerAuthority(): ProviderRuntimeAuthorityHandle {
    return this.#provider.authorityHandle();
  }

  /** Offers events in order to every control subscriber; slow ones are disconnected. */
  publishEvents(events: Iterable<ControlEvent>): PublishReport {
    return this.#edge.controlSubscribers.publishMany(events);
  }

  /**
   * Publishes one reduced kernel step in the normative order: provider receipts, provider work,
   * pruning, provider reconciliation, the atomic snapshot swap, request and authority outcomes,
   * control events, completions (then one source gap), and last the finalization of closed
   * clients, so a client's `client-closed` completion is offered before its subscriptions end.
   */
  publishStep(step: KernelStep): ControlPlanePublishReport {
    return publishStep(this.#provider, this.#edge, this.#authority, step);
  }

  /**
   * Drops the kernel side (Rust: dropping the port): the ingress reader closes, so every later
   * send is `disconnected`, and the provider registry closes, retiring every binding. Awaited
   * `request()`s and authority commands reject with a `Gate4AgentError` `disconnected`. Idempotent.
   */
  dispose(): void {
    this.#ingress.closeReceiver();
    this.#provider.dispose();
    this.#listeners.clear();
    // Nothing will be published any more: awaited requests and authority commands end now.
    const gone = new Gate4AgentError(
      'disconnected',
      'the control plane was disposed before it answered; build a new one to keep going',
    );
    this.#authority.pendingOutcomes.rejectAll(gone);
    for (const client of this.#authority.clients.values())
      client.pendingCompletions.rejectAll(gone);
  }

  [Symbol.dispose](): void {
    this.dispose();
  }
}

/**
 * Internal accessor and test seam, not exported by the package (CONTRIBUTING.md, "Test seams"):
 * the provider side behind a control-plane port.
 */
export function providerKernelPortOf(port: ControlPlaneKernelPort): ProviderKernelPort {
  return readProviderKernelPortOf(port);
}
