import { describe, expect, it } from 'vitest';
import {
  AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  CommandId,
  type ControlEvent,
  ControlEventCodec,
  SessionGeneration,
  unwrap,
  unwrapErr,
} from '../../src/index.js';

const event = (kind: ControlEvent['event']): ControlEvent => ({
  protocolVersion: CONTROL_PROTOCOL_VERSION,
  sequence: 7,
  commandId: CommandId.of(3),
  instanceId: AgentInstanceId.of(1),
  generation: SessionGeneration.of(1),
  event: kind,
});

describe('ControlEvent', () => {
  it.each([
    { kind: 'registered' },
    { kind: 'running', processId: null },
    { kind: 'input-requested', operationId: 4, inputKind: 'submit-prompt' },
    { kind: 'exited', exitCode: -9, forced: true },
    { kind: 'observation-ignored', reason: { kind: 'stale-generation' } },
    {
      kind: 'observation-ignored',
      reason: { kind: 'provider-runtime-policy-denied', capability: 'semantic-readiness' },
    },
  ] as ControlEvent['event'][])('round-trips %j', (kind) => {
    const wire = JSON.parse(JSON.stringify(ControlEventCodec.encode(event(kind))));
    expect(unwrap(ControlEventCodec.decode(wire))).toEqual(event(kind));
  });

  it('names a bad nested reason and an unknown event kind', () => {
    const wire = JSON.parse(JSON.stringify(event({ kind: 'removed' })));
    wire.event = {
      kind: 'observation-ignored',
      reason: { kind: 'provider-runtime-policy-denied' },
    };
    expect(unwrapErr(ControlEventCodec.decode(wire)).path).toBe('/event/reason/capability');
    wire.event = { kind: 'history-requested', operationId: 1 };
    expect(unwrapErr(ControlEventCodec.decode(wire))).toMatchObject({
      path: '/event/kind',
      message: 'ControlEvent at /event/kind: unknown kind "history-requested"',
    });
  });
});
