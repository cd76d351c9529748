import {
  CapabilityObservation,
  CapabilityResult,
  CapabilityResultDelivery,
} from '@gate4agent/tool-protocol';

/**
 * The reference E2E's `success_result()`: inline `{}` (2 bytes), `application/json`, not
 * truncated, summary "controlled provider result".
 */
export function controlledSuccessResult(): CapabilityResult {
  return CapabilityResult.of({
    metadata: {
      byteLen: 2,
      mediaType: 'application/json',
      truncated: false,
      redactedSummary: 'controlled provider result',
    },
    delivery: CapabilityResultDelivery.inline(new TextEncoder().encode('{}')),
  });
}

/** The reference E2E's `success_observation()`: `succeeded` with {@link controlledSuccessResult}. */
export function controlledSuccessObservation(): CapabilityObservation {
  return CapabilityObservation.succeeded(controlledSuccessResult());
}
