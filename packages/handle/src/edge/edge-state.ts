import type { BackendSnapshot } from '@gate4agent/kernel';
import { defaultBackendSnapshot } from '@gate4agent/kernel';
import type { ProviderBindingId, ToolProviderId } from '@gate4agent/tool-protocol';
import type { ControlEvent } from '@gate4agent/types';
import { MAX_CONTROL_SUBSCRIBERS } from '../constants.js';
import { SubscriberList } from '../publish/subscriber-list.js';

/**
 * One published view: the kernel's combined snapshot together with the providers that had an
 * active local binding when it was published. The pair is always replaced together, so a reader
 * never sees a snapshot with the availability of another step.
 */
export interface EdgePublication {
  readonly snapshot: BackendSnapshot;
  /** Ascending provider-id order. */
  readonly availableProviderBindings: ReadonlyMap<ToolProviderId, ProviderBindingId>;
}

/** The edge shared by the handles and the kernel port of one control plane. */
export class EdgeState {
  /** Replaced wholesale on every publish; never mutated. */
  publication: EdgePublication = {
    snapshot: defaultBackendSnapshot(),
    availableProviderBindings: new Map(),
  };
  readonly controlSubscribers = new SubscriberList<ControlEvent>(MAX_CONTROL_SUBSCRIBERS);
  /** Whether completion-sequence exhaustion has been announced by a source gap already. */
  sequenceExhaustionAnnounced = false;
}
