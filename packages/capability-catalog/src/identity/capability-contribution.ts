import { err, ok, type Result } from '@gate4agent/types';
import { MAX_CAPABILITIES } from '../constants.js';
import { CapabilitySetError } from '../errors/capability-set-error.js';
import type { CapabilityDescriptor } from './capability-descriptor.js';
import { CapabilityId } from './capability-id.js';
import type { CapabilitySource } from './capability-source.js';

/** The complete descriptor batch of one source, in canonical id order. */
export class CapabilityContribution {
  private constructor(
    readonly source: CapabilitySource,
    readonly descriptors: readonly CapabilityDescriptor[],
  ) {
    Object.freeze(this);
  }

  /**
   * Bounds the batch at 4096 descriptors, refuses descriptors of another source and repeated
   * ids, and refuses an empty batch.
   */
  static create(
    source: CapabilitySource,
    descriptors: Iterable<CapabilityDescriptor>,
  ): Result<CapabilityContribution, CapabilitySetError> {
    const byId = new Map<string, CapabilityDescriptor>();
    for (const descriptor of descriptors) {
      if (byId.size === MAX_CAPABILITIES) {
        return err(CapabilitySetError.boundExceeded('capabilities', MAX_CAPABILITIES));
      }
      if (descriptor.id.sourceId !== source.id) {
        return err(
          CapabilitySetError.sourceMismatch(
            descriptor.id.toString(),
            source.id,
            descriptor.id.sourceId,
          ),
        );
      }
      const key = descriptor.id.toString();
      if (byId.has(key)) return err(CapabilitySetError.duplicateCapability(key));
      byId.set(key, descriptor);
    }
    if (byId.size === 0) return err(CapabilitySetError.emptyContribution(source.id));
    const sorted = [...byId.values()].sort((a, b) => CapabilityId.compare(a.id, b.id));
    return ok(new CapabilityContribution(source, Object.freeze(sorted)));
  }
}
