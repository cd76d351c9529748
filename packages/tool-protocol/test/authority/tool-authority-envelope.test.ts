import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { CAPABILITY_PROTOCOL_VERSION, ToolAuthorityEnvelope } from '../../src/index.js';
import { actorId, consumerId, policyKey } from '../support/fixtures.js';

describe('ToolAuthorityEnvelope.validate', () => {
  it('accepts a current, sequenced envelope', () => {
    const envelope = ToolAuthorityEnvelope.new(1, {
      kind: 'set-grant',
      grant: { key: policyKey(), mode: 'allow' },
    });
    expect(envelope.protocolVersion).toBe(CAPABILITY_PROTOCOL_VERSION);
    unwrap(ToolAuthorityEnvelope.validate(envelope));
  });

  it('checks the version, then a zero sequence', () => {
    const zero = ToolAuthorityEnvelope.new(0, { kind: 'revoke-grant', key: policyKey() });
    expect(unwrapErr(ToolAuthorityEnvelope.validate(zero))).toMatchObject({
      kind: 'zero-identifier',
      field: 'tool authority sequence',
    });
    expect(unwrapErr(ToolAuthorityEnvelope.validate({ ...zero, protocolVersion: 1 })).kind).toBe(
      'unsupported-protocol-version',
    );
    const before = structuredClone(zero);
    expect(ToolAuthorityEnvelope.validate(zero).ok).toBe(false);
    expect(zero).toEqual(before);
  });

  it('does not look inside the command', () => {
    const envelope = ToolAuthorityEnvelope.new(7, {
      kind: 'close-client',
      consumerId: consumerId(),
      actorId: actorId(),
    });
    unwrap(ToolAuthorityEnvelope.validate(envelope));
  });

  it('speaks the kind-tagged wire form', () => {
    const envelope = ToolAuthorityEnvelope.new(3, {
      kind: 'set-grant',
      grant: { key: policyKey(), mode: 'require-approval' },
    });
    const wire = ToolAuthorityEnvelope.codec.encode(envelope);
    expect(wire).toEqual({
      protocolVersion: 2,
      sequence: 3,
      command: {
        kind: 'set-grant',
        grant: {
          key: {
            consumerId: 'station.test',
            actorId: 'agent.primary',
            instanceId: 11,
            generation: 3,
            providerId: 'gate.browser',
            capabilityId: 'browser.page.snapshot',
            resourceScopeId: 'workspace:test/page:active',
          },
          mode: 'require-approval',
        },
      },
    });
    expect(unwrap(ToolAuthorityEnvelope.codec.decode(JSON.parse(JSON.stringify(wire))))).toEqual(
      envelope,
    );
  });
});
