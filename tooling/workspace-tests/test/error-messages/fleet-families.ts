// Samples for fleet.

import { FleetError } from '@gate4agent/fleet';
import type { ErrorFamily } from './error-family.js';

export const fleetFamilies: readonly ErrorFamily[] = [
  {
    name: 'fleet FleetError',
    factory: FleetError,
    samples: {
      invalidToken: ['host id', 'a.b'],
      noHost: ['control-fixture', 2],
      hostFull: ['host-a', 4],
      hostLost: { args: ['host-b', 5_000], values: ['host-b', '5000'] },
      providerHostLost: ['gpu-1', 'did not answer for 5000 ms'],
      unknownProvider: ['gpu-1', 'gate.render'],
      notOwner: ['host-a', 7],
      notClientOwner: ['host-a', 'gate4agent-client-3'],
      unknownSession: ['host-a', 7],
      invalidCommand: ['host-a', 'FleetCommand at /op: must be a known op'],
      remote: [
        'host-a',
        { kind: 'input-failed', message: 'agent x did not take the input; check that it runs' },
      ],
      commandFailed: ['host-a', 'type', 'no host answers on its subject'],
      clientDisposed: ['alice'],
    },
  },
];
