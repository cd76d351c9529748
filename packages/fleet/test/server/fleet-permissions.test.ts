import { describe, expect, it } from 'vitest';
import { fleetAuthorizationConfig, fleetUserPermissions } from '../../src/index.js';

describe('fleet permissions', () => {
  it('lets a host serve only its own commands and publish only its own events', () => {
    const host = fleetUserPermissions({ role: 'host', id: 'h-a', publicKey: 'UH' });
    expect(host.subscribe).toEqual([
      'g4a.host.h-a.cmd.*',
      '_INBOX_h-a.>',
      'g4a.pevt.h-a.*',
      'g4a.prov.h-a.*',
    ]);
    expect(host.publish).toContain('g4a.evt.*.h-a.>');
    expect(host.publish).toContain('$KV.g4a_hosts.h-a');
    expect(host.publish.some((subject) => subject.includes('h-b'))).toBe(false);
    expect(host.allowResponses).toBe(true);
  });

  it('lets hosts forward provider operations only under their own ids', () => {
    const host = fleetUserPermissions({ role: 'host', id: 'h-a', publicKey: 'UH' });
    // As a session host: requests go out under its own id, states come in addressed to it.
    expect(host.publish).toContain('g4a.prov.*.h-a');
    expect(host.subscribe).toContain('g4a.pevt.h-a.*');
    const provider = fleetUserPermissions({ role: 'provider-host', id: 'gpu', publicKey: 'UP' });
    expect(provider).toEqual({
      publish: ['g4a.pevt.*.gpu'],
      subscribe: ['g4a.prov.gpu.*', '_INBOX_gpu.>'],
      allowResponses: true,
    });
  });

  it('lets an owner command under its own id and read only its own frames and stream', () => {
    const owner = fleetUserPermissions({ role: 'owner', id: 'alice', publicKey: 'UA' });
    expect(owner.subscribe).toEqual(['_INBOX_alice.>', 'g4a.frame.alice.>']);
    expect(owner.publish).toContain('g4a.host.*.cmd.alice');
    expect(owner.publish).toContain('$JS.API.CONSUMER.MSG.NEXT.G4A_EVT_alice.>');
    expect(
      owner.publish.filter((s) => s.includes('G4A_EVT_') && !s.includes('G4A_EVT_alice')),
    ).toEqual([]);
  });

  it('writes one nkey user per role and refuses an id that is not a subject token', () => {
    const config = fleetAuthorizationConfig([
      { role: 'host', id: 'h-a', publicKey: 'UHOST' },
      { role: 'owner', id: 'alice', publicKey: 'UALICE' },
    ]);
    expect(config).toContain('nkey: "UHOST"');
    expect(config).toContain('nkey: "UALICE"');
    expect(config.match(/allow_responses: true/g)).toHaveLength(1);
    expect(() => fleetUserPermissions({ role: 'owner', id: 'a.>', publicKey: 'U' })).toThrow(
      expect.objectContaining({ kind: 'invalid-token' }),
    );
  });
});
