// The fleet side of the fleet scenario: a loopback 3-node JetStream cluster and two host processes
// (src/fleet-host-main.ts) started with `@gate4agent/fleet/testing`, and one FleetClient per
// client, each its own owner (its own nkey, stream and subjects), as docs/scale-out.md describes.
import { fileURLToPath } from 'node:url';
import {
  createFleetUserKey,
  FleetClient,
  FleetSession,
  type FleetUser,
  fleetAuthorizationConfig,
  fleetConnectOptions,
} from '@gate4agent/fleet';
import {
  type HostProcess,
  type NatsCluster,
  retryUntil,
  startHostProcess,
  startNatsCluster,
} from '@gate4agent/fleet/testing';
import { ToolActorId } from '@gate4agent/tool-protocol';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { type BenchClient, type BenchSide, benchGrantKey, countAcks } from './bench-side.js';

const HOST_SCRIPT = fileURLToPath(new URL('./fleet-host-main.js', import.meta.url));
/** The two hosts of the fleet. */
export const FLEET_HOSTS = ['host-a', 'host-b'] as const;
/** Sessions each host runs at most (placement's and the fan-out's sessions fit). */
export const FLEET_HOST_CAPACITY = 4;
/** The hosts' frame interval: at most 10 frames per second per session (the default). */
export const FLEET_FRAME_INTERVAL_MS = 100;
const START_MS = 60_000;

/** Starts the cluster, the two hosts and `clients` clients (owners `bench1`, `bench2`, …). */
export async function fleetSide(clients: number): Promise<BenchSide> {
  const hostKeys = FLEET_HOSTS.map((id) => ({ id, key: createFleetUserKey() }));
  const ownerKeys = Array.from({ length: clients }, (_, i) => ({
    id: `bench${i + 1}`,
    key: createFleetUserKey(),
  }));
  const users: FleetUser[] = [
    ...hostKeys.map(({ id, key }) => ({ role: 'host' as const, id, publicKey: key.publicKey })),
    ...ownerKeys.map(({ id, key }) => ({ role: 'owner' as const, id, publicKey: key.publicKey })),
  ];
  const cluster: NatsCluster = await startNatsCluster(fleetAuthorizationConfig(users));
  const hosts: HostProcess[] = [];
  const connections: NatsConnection[] = [];
  const fleets: FleetClient[] = [];
  const close = async () => {
    await Promise.allSettled(fleets.map((fleet) => fleet.dispose()));
    await Promise.allSettled(hosts.map((host) => host.stop()));
    await Promise.allSettled(connections.map((nc) => nc.close()));
    await cluster.close();
  };
  try {
    hosts.push(
      ...(await Promise.all(
        hostKeys.map(({ id, key }) =>
          startHostProcess({
            script: HOST_SCRIPT,
            args: [
              id,
              key.seed,
              JSON.stringify(cluster.servers),
              String(FLEET_HOST_CAPACITY),
              String(FLEET_FRAME_INTERVAL_MS),
            ],
            hostId: id,
            readyTimeoutMs: START_MS,
          }),
        ),
      )),
    );
    for (const { id, key } of ownerKeys) {
      const nc = await connect(
        fleetConnectOptions({ servers: cluster.servers, userId: id, seed: key.seed }),
      );
      connections.push(nc);
      fleets.push(
        await retryUntil(() => FleetClient.connect({ connection: nc, ownerId: id }), START_MS),
      );
    }
  } catch (error) {
    await close();
    throw error;
  }
  const benchClients: BenchClient[] = fleets.map((fleet) => ({
    runtime: fleet,
    async toolLane(session, actor) {
      if (!(session instanceof FleetSession)) {
        throw new Error('a fleet tool lane needs a session this fleet launched; launch it first');
      }
      const placed = session;
      const client = await fleet.toolClient(placed, ToolActorId.of(actor));
      const outcome = await fleet.toolAuthority(placed).grant({
        key: benchGrantKey(client.consumerId(), actor, session),
        mode: 'allow',
      });
      if (outcome.kind !== 'grant-set') throw new Error(`the fleet grant ended ${outcome.kind}`);
      return { request: (input) => client.request(input) };
    },
  }));
  return {
    clients: benchClients,
    exitAcks() {
      const subscriptions = fleets.map((fleet) => fleet.subscribeProviderExitAcks(256));
      return countAcks(subscriptions, () => {
        for (const subscription of subscriptions) subscription.close();
      });
    },
    close,
  };
}
