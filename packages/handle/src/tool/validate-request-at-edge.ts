import type { ToolValidationError } from '@gate4agent/tool-protocol';
import { CapabilityRequestInput } from '@gate4agent/tool-protocol';

/**
 * Refuses at the edge a request the kernel would certainly refuse, so it never takes a slot of
 * the shared ingress: the request's own validation against the last published tick. The kernel's
 * tick only moves forward, so a deadline already elapsed here is elapsed there too; everything
 * that depends on live state (policy, availability, generations) is still the kernel's call.
 */
export function validateRequestAtEdge(
  request: CapabilityRequestInput,
  publishedTick: number,
): ToolValidationError | null {
  const checked = CapabilityRequestInput.validate(request, publishedTick);
  return checked.ok ? null : checked.error;
}
