import { type AgentSpec, err, type Result, type SessionOptionSelection } from '@gate4agent/types';
import { builtinAdapterRegistry } from '../builtin-adapter-registry.js';
import { SessionOptionCatalogError } from '../launch-plan-error.js';
import {
  type ResolvedSessionOptionLaunch,
  resolveSessionOptionLaunch,
} from './resolve-session-option-launch.js';
import { type AgentSessionOptionCatalog, sessionOptionCatalog } from './session-option-catalog.js';

function binding(spec: AgentSpec) {
  const declared = spec.capabilities.adapters.sessionOptions;
  if (declared === null) return err(SessionOptionCatalogError.unsupportedAgent(spec.id));
  // Only the built-in registry is consulted: a consumer registry cannot vouch for a pinned catalog.
  if (!builtinAdapterRegistry().supports('session-options', declared)) {
    return err(
      SessionOptionCatalogError.unavailableBinding(spec.id, declared.id, declared.revision),
    );
  }
  return { ok: true as const, value: declared };
}

/** The session-option catalog of `spec`, if it declares a supported session-option adapter. */
export function sessionOptionCatalogFor(
  spec: AgentSpec,
): Result<AgentSessionOptionCatalog, SessionOptionCatalogError> {
  const declared = binding(spec);
  if (!declared.ok) return declared;
  const catalog = sessionOptionCatalog(declared.value.id);
  return catalog.ok ? catalog : err(SessionOptionCatalogError.adapter(catalog.error));
}

/** Launch arguments for `selection` on `spec`; `trailingAgentArgs` may override them. */
export function resolveSessionOptionLaunchFor(
  spec: AgentSpec,
  selection: SessionOptionSelection,
  trailingAgentArgs: readonly string[],
): Result<ResolvedSessionOptionLaunch, SessionOptionCatalogError> {
  const declared = binding(spec);
  if (!declared.ok) return declared;
  const resolved = resolveSessionOptionLaunch(declared.value.id, selection, trailingAgentArgs);
  return resolved.ok ? resolved : err(SessionOptionCatalogError.adapter(resolved.error));
}
