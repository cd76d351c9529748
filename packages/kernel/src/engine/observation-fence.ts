import {
  CONTROL_PROTOCOL_VERSION,
  type ControlObservation,
  type ObservationEnvelope,
  type ObservationIgnoredReason,
  observationRequiresOperationId,
  type ProviderRuntimeCapability,
  ProviderRuntimePolicy,
  type SessionStatus,
} from '@gate4agent/types';
import type { EngineState, SessionState } from './engine-state.js';

/** The fence's verdict: the session the observation may change, or why it is ignored. */
export type FenceVerdict =
  | { readonly admitted: true; readonly session: SessionState }
  | { readonly admitted: false; readonly reason: ObservationIgnoredReason };

type ObservationKind = ControlObservation['kind'];

// Provider telemetry, foreground and interaction results are out of scope: an
// observation of those kinds that passes the earlier checks is ignored `invalid-state`.
const ADMITTED: Readonly<Record<SessionStatus['kind'], ReadonlySet<ObservationKind>>> = {
  registered: new Set(),
  starting: new Set(['spawned', 'spawn-failed', 'process-exited']),
  running: new Set([
    'input-completed',
    'input-failed',
    'resize-completed',
    'resize-failed',
    'terminal-frame',
    'terminal-stale',
    'process-exited',
  ]),
  stopping: new Set([
    'stop-completed',
    'stop-failed',
    'terminal-frame',
    'terminal-stale',
    'process-exited',
  ]),
  exited: new Set(),
  failed: new Set(),
};

function deniedCapability(
  policy: ProviderRuntimePolicy,
  observation: ControlObservation,
): ProviderRuntimeCapability | null {
  const denied = (capability: ProviderRuntimeCapability) =>
    ProviderRuntimePolicy.admits(policy, capability) ? null : capability;
  if (observation.kind === 'provider-gap') return denied('semantic-readiness');
  if (observation.kind !== 'provider-event') return null;
  const event = observation.event.kind;
  if (event === 'session-identity-observed') return denied('provider-session-identity');
  return (
    denied('semantic-readiness') ??
    (event === 'session-started' ? denied('provider-session-identity') : null)
  );
}

/**
 * The fence of every observation, first hit wins: protocol version, live session, generation,
 * runtime policy, operation correlation, then the status / kind table.
 */
export function fenceObservation(state: EngineState, envelope: ObservationEnvelope): FenceVerdict {
  const ignored = (reason: ObservationIgnoredReason): FenceVerdict => ({ admitted: false, reason });
  if (envelope.protocolVersion !== CONTROL_PROTOCOL_VERSION) {
    return ignored({ kind: 'unsupported-protocol-version' });
  }
  const session = state.sessions.get(envelope.instanceId);
  if (session === undefined) return ignored({ kind: 'unknown-instance' });
  const { snapshot } = session;
  if (envelope.generation !== snapshot.generation) return ignored({ kind: 'stale-generation' });
  const observation = envelope.observation;
  const capability = deniedCapability(session.runtimePolicy, observation);
  if (capability !== null) return ignored({ kind: 'provider-runtime-policy-denied', capability });
  if (observationRequiresOperationId(observation)) {
    if (envelope.operationId === null) return ignored({ kind: 'missing-operation' });
    if (envelope.operationId !== snapshot.pendingOperation) {
      return ignored({ kind: 'operation-mismatch' });
    }
  }
  if (!ADMITTED[snapshot.status.kind].has(observation.kind)) {
    return ignored({ kind: 'invalid-state' });
  }
  return { admitted: true, session };
}
