import type { CapabilityEffectEnvelope } from '@gate4agent/tool-protocol';
import { ProviderCancellationFlag } from './contract/provider-cancellation-token.js';
import { sameRequestKey } from './same-request-key.js';

/**
 * The binding's record of one released invocation: its correlation identity, its cancellation
 * flag, and whether a receipt has settled it (pruned by the next `finishStep`).
 */
export class ProviderOperation {
  readonly requestKey: CapabilityEffectEnvelope['requestKey'];
  readonly instanceId: CapabilityEffectEnvelope['instanceId'];
  readonly generation: CapabilityEffectEnvelope['generation'];
  readonly deadlineTick: number;
  /** Set by an exact cancel, by cancelling all operations, and by quiesce. Never cleared. */
  readonly cancelled = new ProviderCancellationFlag();
  /** Set by an applied or ignored receipt. */
  settled = false;

  constructor(effect: CapabilityEffectEnvelope) {
    this.requestKey = effect.requestKey;
    this.instanceId = effect.instanceId;
    this.generation = effect.generation;
    this.deadlineTick = effect.deadlineTick;
  }

  /** Whether `effect` addresses this operation exactly (key, instance, generation, deadline). */
  matches(effect: CapabilityEffectEnvelope): boolean {
    return (
      sameRequestKey(this.requestKey, effect.requestKey) &&
      this.instanceId === effect.instanceId &&
      this.generation === effect.generation &&
      this.deadlineTick === effect.deadlineTick
    );
  }
}
