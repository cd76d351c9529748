import { err, type Result } from '@gate4agent/types';
import {
  type CapabilityEffectError,
  capabilityEffectError,
  describeThrown,
} from '../errors/leaf-errors.js';

/**
 * One reversible resource acquired while preparing or running a capability. Its owner calls
 * `close()` at most once: first the adapter result owns it, then the transaction, then the
 * published generation or the cleanup queue (or the scope it was registered in).
 */
export interface CapabilityEffect {
  readonly name: string;
  close(): Promise<Result<void, CapabilityEffectError>>;
}

/** Closes `effect`, turning a thrown exception into a `capability-effect` error value. */
export async function closeEffect(
  effect: CapabilityEffect,
): Promise<Result<void, CapabilityEffectError>> {
  try {
    return await effect.close();
  } catch (thrown) {
    return err(capabilityEffectError(describeThrown(thrown)));
  }
}
