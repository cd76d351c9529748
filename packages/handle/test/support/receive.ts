// Receive helpers that fail the test with a readable message on an unexpected item.
import type { CapabilityCompletionEnvelope } from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { unwrap } from '@gate4agent/types';
import type { TryRecvError } from '../../src/provider-runtime/contract/try-recv-error.js';
import type { ToolCompletionDelivery } from '../../src/tool/tool-completion-delivery.js';

/** The delivery, which must be a completion. */
export function expectCompletion(
  delivery: Result<ToolCompletionDelivery, TryRecvError>,
): CapabilityCompletionEnvelope {
  const item = unwrap(delivery, 'completion receive');
  if (item.kind !== 'completion') throw new Error(`expected a completion, got ${item.kind}`);
  return item.completion;
}
