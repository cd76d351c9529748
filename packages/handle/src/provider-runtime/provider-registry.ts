import type { BackendIngress } from '@gate4agent/kernel';
import type {
  ProviderBindingId,
  ProviderRuntimeEnvelope,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { err, ok } from '@gate4agent/types';
import { COUNTER_MAX } from '../constants.js';
import type { BoundedQueue } from '../queue/bounded-queue.js';
import { ProviderRuntimeError } from './contract/provider-runtime-error.js';
import type { ProviderBinding } from './provider-binding.js';

/** Ascending code-unit order: byte order for the ASCII ids providers use (Rust `BTreeMap`). */
export function compareProviderIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The provider-runtime registry of one control plane (Rust `ProviderAuthorityState`). One
 * sequence counter is shared by every attach, detach and observe of every binding; a sequence is
 * committed only after its envelope was enqueued.
 */
export class ProviderRegistry {
  readonly ingress: BoundedQueue<BackendIngress>;
  closed = false;
  nextSequence = 1;
  sequenceExhausted = false;
  readonly bindings = new Map<ToolProviderId, ProviderBinding>();
  /** Canonical bindings the kernel reports that no local handle owns; they block `bindProvider`. */
  readonly foreignBindings = new Map<ToolProviderId, ProviderBindingId>();

  constructor(ingress: BoundedQueue<BackendIngress>) {
    this.ingress = ingress;
  }

  /** The registered bindings in ascending provider-id order. */
  sortedBindings(): ProviderBinding[] {
    return [...this.bindings.values()].sort((a, b) =>
      compareProviderIds(a.providerId, b.providerId),
    );
  }

  /** Whether `binding` is the instance registered for its provider. */
  isRegistered(binding: ProviderBinding): boolean {
    return this.bindings.get(binding.providerId) === binding;
  }

  /** Advances the counter past `sequence`; the maximum exhausts it instead. */
  commitSequence(sequence: number): void {
    if (sequence >= COUNTER_MAX) this.sequenceExhausted = true;
    else this.nextSequence = sequence + 1;
  }

  /** Enqueues one provider-runtime envelope on the shared ingress. */
  send(envelope: ProviderRuntimeEnvelope): Result<void, ProviderRuntimeError> {
    const sent = this.ingress.trySend({ kind: 'tool-provider', envelope });
    if (sent.ok) return ok();
    return err(
      sent.error.kind === 'full'
        ? ProviderRuntimeError.full()
        : ProviderRuntimeError.disconnected(),
    );
  }

  /**
   * Closes the registry for good and retires every binding (the ingress reader is gone or the
   * port was disposed). `extra` is retired too: a binding not registered yet.
   */
  closeAndRetireAll(extra?: ProviderBinding): void {
    this.closed = true;
    this.foreignBindings.clear();
    const taken = this.sortedBindings();
    this.bindings.clear();
    extra?.retire();
    for (const binding of taken) binding.retire();
  }
}
