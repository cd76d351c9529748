// A command whose reply is lost because the client's connection dropped: the client sends it again
// as soon as it reconnects, instead of waiting out the attempt. A real 3-node cluster, a real host
// process; the client reaches one node through a proxy that drops the reply and the connection.
import { CONTROL_FIXTURE_ID } from '@gate4agent/testkit';
import { ToolActorId } from '@gate4agent/tool-protocol';
import { AgentId } from '@gate4agent/types';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_COMMAND_ATTEMPT_MS } from '../../src/constants.js';
import {
  createFleetUserKey,
  FleetClient,
  fleetAuthorizationConfig,
  fleetConnectOptions,
} from '../../src/index.js';
import { type NatsCluster, retryUntil, startNatsCluster } from '../../src/testing/index.js';
import { type CuttingProxy, startCuttingProxy } from '../support/cutting-proxy.js';
import { type HostProcess, startHost } from '../support/host-process.js';

const keys = { 'host-a': createFleetUserKey(), alice: createFleetUserKey() };
let cluster: NatsCluster;
let host: HostProcess;
let proxy: CuttingProxy;
let nc: NatsConnection;
let fleet: FleetClient;

beforeAll(async () => {
  cluster = await startNatsCluster(
    fleetAuthorizationConfig([
      { role: 'host', id: 'host-a', publicKey: keys['host-a'].publicKey },
      { role: 'owner', id: 'alice', publicKey: keys.alice.publicKey },
    ]),
  );
  host = await startHost('host-a', 1, cluster.servers, keys['host-a'].seed);
  proxy = await startCuttingProxy(cluster.nodes[0]?.port ?? 0);
  // Only through the proxy: the client must not fail over to another node on its own.
  nc = await connect({
    ...fleetConnectOptions({ servers: [proxy.url], userId: 'alice', seed: keys.alice.seed }),
    ignoreClusterUpdates: true,
  });
  fleet = await retryUntil(() => FleetClient.connect({ connection: nc, ownerId: 'alice' }));
}, 90_000);

afterAll(async () => {
  await fleet?.dispose();
  await host?.stop();
  await nc?.close();
  await proxy?.close();
  await cluster?.close();
}, 60_000);

describe('FleetClient commands across a reconnect', () => {
  it('sends a command whose reply was lost again as soon as the connection reconnects', async () => {
    const session = await fleet.launchAgent(AgentId.of(CONTROL_FIXTURE_ID));
    // The host runs the command and replies; the reply dies with the client's connection.
    proxy.hold();
    const started = performance.now();
    const bound = fleet.toolClient(session, ToolActorId.of('agent.resend'));
    await proxy.held('MSG _INBOX_alice');
    proxy.cut();
    const client = await bound;
    // Without a copy sent on the reconnect, the reply would come only after the attempt ran out.
    expect(performance.now() - started).toBeLessThan(FLEET_COMMAND_ATTEMPT_MS);
    expect(client.actorId()).toBe('agent.resend');
    await session.dispose();
  }, 60_000);
});
