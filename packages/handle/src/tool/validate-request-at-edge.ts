import { CapabilityRequestInput } from '@gate4agent/tool-protocol';
import { err, ok, type Result } from '@gate4agent/types';
import { ToolClientDispatchError } from './tool-client-dispatch-error.js';

/**
 * Refuses at the edge a request the kernel would certainly refuse, so it never takes a slot of
 * the shared ingress: first its shape (the compiled schema validator: ids, bytes as
 * `Uint8Array`, safe-integer ticks), then its own validation against the last published tick.
 * The kernel's tick only moves forward, so a deadline already elapsed here is elapsed there too;
 * everything that depends on live state (policy, availability, generations) is still the
 * kernel's call. Returns a fresh copy, so the caller cannot change what was validated and queued.
 */
export function validateRequestAtEdge(
  request: unknown,
  publishedTick: number,
): Result<CapabilityRequestInput, ToolClientDispatchError> {
  const shaped = CapabilityRequestInput.codec.checkValue(request);
  if (!shaped.ok) {
    try {
      // The protocol's own validator names the broken rule when it can read the value.
      const explained = CapabilityRequestInput.validate(
        request as CapabilityRequestInput,
        publishedTick,
      );
      if (!explained.ok) return err(ToolClientDispatchError.invalidRequest(explained.error));
    } catch {
      // Too malformed to explain; the schema violation says why.
    }
    return err(ToolClientDispatchError.invalidInput(shaped.error));
  }
  const checked = CapabilityRequestInput.validate(shaped.value, publishedTick);
  return checked.ok ? ok(shaped.value) : err(ToolClientDispatchError.invalidRequest(checked.error));
}
