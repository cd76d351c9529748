import { describe, expect, it } from 'vitest';
import {
  AgentId,
  AgentInstanceId,
  CONTROL_INSTANCE_IDENTITIES_CAPACITY,
  CONTROL_PROTOCOL_VERSION,
  ControlSnapshotCodec,
  defaultControlHealth,
  defaultControlSnapshot,
  defaultForegroundSnapshot,
  defaultProviderSnapshot,
  SessionGeneration,
  type SessionSnapshot,
  SessionSnapshotCodec,
  unwrap,
  unwrapErr,
} from '../../src/index.js';

function runningSession(): SessionSnapshot {
  return {
    instanceId: AgentInstanceId.of(4_401),
    agentId: AgentId.of('control-fixture'),
    transport: 'pty',
    generation: SessionGeneration.of(1),
    status: { kind: 'running' },
    pendingOperation: null,
    pendingInput: null,
    processId: 1234,
    terminalSize: { rows: 24, columns: 80 },
    terminalFrame: {
      sequence: 2,
      size: { rows: 24, columns: 80 },
      cursorRow: 0,
      cursorColumn: 14,
      contents: 'fixture-ready>',
      formatted: Uint8Array.of(102, 105),
      scrollbackFormatted: [Uint8Array.of(1)],
      alternateScreen: false,
      mouseProtocolEnabled: true,
      mouseProtocolEncoding: 'sgr',
    },
    terminalStale: null,
    operatorGate: null,
    sessionOptions: null,
    foreground: defaultForegroundSnapshot(),
    provider: defaultProviderSnapshot(),
  };
}

describe('ControlSnapshot', () => {
  it('starts at protocol 28, revision 0, default health and no sessions', () => {
    expect(defaultControlSnapshot()).toEqual({
      protocolVersion: CONTROL_PROTOCOL_VERSION,
      revision: 0,
      health: defaultControlHealth(),
      sessions: [],
    });
    expect(defaultControlHealth()).toEqual({
      operationIdExhausted: false,
      eventSequenceExhausted: false,
      revisionExhausted: false,
      providerSequenceExhaustedSessions: 0,
      retainedInstanceIdentities: 0,
      retainedInstanceIdentityCapacity: CONTROL_INSTANCE_IDENTITIES_CAPACITY,
    });
  });

  it('round-trips a running session through JSON, bytes as number arrays', () => {
    const snapshot = { ...defaultControlSnapshot(), revision: 5, sessions: [runningSession()] };
    const wire = JSON.parse(JSON.stringify(ControlSnapshotCodec.encode(snapshot)));
    expect(wire.sessions[0].terminalFrame.formatted).toEqual([102, 105]);
    expect(unwrap(ControlSnapshotCodec.decode(wire))).toEqual(snapshot);
  });

  it('decodes missing optional session fields as null but requires the sub-snapshots', () => {
    const wire = JSON.parse(JSON.stringify(SessionSnapshotCodec.encode(runningSession())));
    for (const key of ['pendingOperation', 'pendingInput', 'terminalStale', 'sessionOptions']) {
      delete wire[key];
    }
    const decoded = unwrap(SessionSnapshotCodec.decode(wire));
    expect(decoded.pendingOperation).toBeNull();
    expect(decoded.sessionOptions).toBeNull();
    delete wire.provider;
    expect(unwrapErr(SessionSnapshotCodec.decode(wire)).path).toBe('/provider');
  });

  it('names a bad status inside a session', () => {
    const wire = JSON.parse(JSON.stringify(SessionSnapshotCodec.encode(runningSession())));
    wire.status = { kind: 'exited', exitCode: 'zero' };
    const snapshot = { ...defaultControlSnapshot(), sessions: [wire] };
    expect(unwrapErr(ControlSnapshotCodec.decode(snapshot)).path).toBe(
      '/sessions/0/status/exitCode',
    );
  });

  it('gives fresh default objects on every call', () => {
    const first = defaultControlSnapshot();
    first.sessions.push(runningSession());
    first.health.revisionExhausted = true;
    expect(defaultControlSnapshot().sessions).toEqual([]);
    expect(defaultControlSnapshot().health.revisionExhausted).toBe(false);
  });
});
