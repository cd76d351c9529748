import {
  type AgentId,
  type AgentInstanceId,
  defaultForegroundSnapshot,
  defaultProviderSnapshot,
  type ForegroundSnapshot,
  ProviderRuntimePolicy,
  type SessionGeneration,
  type SessionSnapshot,
  type TransportKind,
} from '@gate4agent/types';
import type { SessionState } from './engine-state.js';

/** The state `register` inserts: status `registered`, nothing pending, nested parts default. */
export function newSessionState(
  instanceId: AgentInstanceId,
  agentId: AgentId,
  transport: TransportKind,
  generation: SessionGeneration,
): SessionState {
  return {
    snapshot: {
      instanceId,
      agentId,
      transport,
      generation,
      status: { kind: 'registered' },
      pendingOperation: null,
      pendingInput: null,
      processId: null,
      terminalSize: null,
      terminalFrame: null,
      terminalStale: null,
      operatorGate: null,
      sessionOptions: null,
      foreground: defaultForegroundSnapshot(),
      provider: defaultProviderSnapshot(),
    },
    runtimePolicy: ProviderRuntimePolicy.rawPty(),
    pendingTerminalSize: null,
    pendingInterrupt: false,
    unresolvedInteractions: [],
  };
}

/** Marks the foreground unconfirmed for `reason`, keeping the last known process. */
export function invalidateForeground(snapshot: SessionSnapshot, reason: string): void {
  const foreground: ForegroundSnapshot = {
    authority: 'stale',
    process: snapshot.foreground.process,
    staleReason: reason,
  };
  snapshot.foreground = foreground;
}
