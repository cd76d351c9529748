import type { Result } from '@gate4agent/types';
import { err, ok } from '@gate4agent/types';
import { ProviderRuntimeError } from './contract/provider-runtime-error.js';
import type { ProviderBinding } from './provider-binding.js';

/**
 * A local admission fence: an active binding stops being offered to clients (after the next
 * publication) while already admitted work, completions and receipts keep flowing. The binding's
 * flag and every current operation's flag are set, but the operations are kept. Canonical detach
 * still needs `close()`.
 */
export function beginQuiesce(binding: ProviderBinding): Result<void, ProviderRuntimeError> {
  const registry = binding.registry;
  if (registry.closed || !registry.isRegistered(binding)) {
    binding.retire();
    return err(ProviderRuntimeError.inactive());
  }
  switch (binding.lifecycle.kind) {
    case 'active':
      binding.lifecycle = { kind: 'quiescing' };
      break;
    case 'quiescing':
      return ok();
    default:
      return err(ProviderRuntimeError.inactive());
  }
  binding.cancelled.cancel();
  for (const operation of binding.operations.values()) operation.cancelled.cancel();
  return ok();
}
