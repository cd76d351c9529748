import type { ToolProviderId } from '@gate4agent/tool-protocol';
import { err, ok, type Result } from '@gate4agent/types';
import { ToolEngineError } from '../errors.js';
import { bumpRevision } from '../primitives/counters.js';
import type { ToolEngineState } from '../state/engine-state.js';
import { closeRequest } from './close-request.js';

/**
 * The provider's runtime binding went away (upstream `detach_provider_runtime`). Every live
 * request of the provider closes `provider-detached` (no cancel is ever emitted: no binding is
 * left to receive it), then every effect still queued for the provider is purged, cancels for
 * already-terminal requests included. The descriptor and all grants stay, so a later binding
 * serves the same grants. Returns how many requests were closed.
 */
export function detachProviderRuntime(
  state: ToolEngineState,
  providerId: ToolProviderId,
): Result<number, ToolEngineError> {
  if (!state.providers.has(providerId)) {
    return err(ToolEngineError.unknownRuntimeProvider(providerId));
  }
  const targets = state.requests.live((record) => record.request.providerId === providerId);
  for (const record of targets) closeRequest(state, record, { kind: 'provider-detached' });
  const queued = state.effects.length;
  state.effects = state.effects.filter((effect) => effect.providerId !== providerId);
  const purged = queued - state.effects.length;
  if (targets.length > 0 || purged > 0) bumpRevision(state);
  return ok(targets.length);
}
