import type { ConnectionOptions } from '@nats-io/transport-node';
import { natsTransport } from '../nats-modules.js';
import { FleetSubjects, fleetToken } from '../subjects.js';

/** A new nkey user: the seed stays with the host or owner, the public key goes into the server config. */
export function createFleetUserKey(): { readonly seed: string; readonly publicKey: string } {
  const pair = natsTransport().nkeys.createUser();
  const seed = new TextDecoder().decode(pair.getSeed());
  return { seed, publicKey: pair.getPublicKey() };
}

/**
 * Connection options for a fleet user: every server's URL (so the client fails over when a node
 * dies), nkey authentication with `seed`, and the user's own inbox prefix (its permissions allow
 * replies only there). Pass them to `connect` of `@nats-io/transport-node`.
 */
export function fleetConnectOptions(options: {
  readonly servers: readonly string[];
  readonly userId: string;
  readonly seed: string;
  readonly name?: string;
}): ConnectionOptions {
  const userId = fleetToken('user id', options.userId);
  return {
    servers: [...options.servers],
    authenticator: natsTransport().nkeyAuthenticator(new TextEncoder().encode(options.seed)),
    inboxPrefix: FleetSubjects.inbox(userId),
    name: options.name ?? userId,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
  };
}
