import type { ProviderRuntimeState } from './contract/provider-runtime-state.js';

/**
 * The internal lifecycle of one provider binding. `quiescing`, `closing-retry` and `detach-sent`
 * all read as the public `closing`.
 */
export type BindingLifecycle =
  | { readonly kind: 'attach-sent'; readonly sequence: number }
  | { readonly kind: 'active' }
  | { readonly kind: 'quiescing' }
  | { readonly kind: 'closing-retry'; readonly attachSequence: number | null }
  | { readonly kind: 'detach-sent'; readonly sequence: number }
  | { readonly kind: 'closed' };

/** The public projection of a lifecycle (four values). */
export function publicLifecycle(lifecycle: BindingLifecycle): ProviderRuntimeState {
  switch (lifecycle.kind) {
    case 'attach-sent':
      return 'attaching';
    case 'active':
      return 'active';
    case 'quiescing':
    case 'closing-retry':
    case 'detach-sent':
      return 'closing';
    case 'closed':
      return 'closed';
  }
}

/**
 * The retry state a closing binding moves to. An attach still in flight is remembered so that a
 * snapshot taken before the attach was reduced cannot retire the binding early.
 */
export function closingRetry(lifecycle: BindingLifecycle): BindingLifecycle {
  switch (lifecycle.kind) {
    case 'attach-sent':
      return { kind: 'closing-retry', attachSequence: lifecycle.sequence };
    case 'closing-retry':
      return lifecycle;
    default:
      return { kind: 'closing-retry', attachSequence: null };
  }
}

/** Whether work may be received, published and completed (active or quiescing). */
export function acceptsWork(lifecycle: BindingLifecycle): boolean {
  return lifecycle.kind === 'active' || lifecycle.kind === 'quiescing';
}
