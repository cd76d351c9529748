// launchAgent options across the fleet, against a real one-node NATS server, a real FleetHost and
// its NativeRuntime: the session options and the runtime policy an owner chooses reach the host's
// launch (the agent's argv shows the session options' flags), as they do on a local runtime.
import { readFileSync } from 'node:fs';
import { builtinSpecs } from '@gate4agent/agent-catalog';
import {
  FIXTURE_TIMEOUT,
  interactiveAgentSpec,
  isProcessAlive,
  trackProcess,
  useFixtureTracking,
} from '@gate4agent/testkit';
import { AgentId, ProviderRuntimePolicy } from '@gate4agent/types';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FleetClient } from '../../src/client/fleet-client.js';
import { FleetHost } from '../../src/host/fleet-host.js';
import { retryUntil } from '../../src/testing/index.js';
import { type LocalSite, startLocalSite } from '../support/local-site.js';

useFixtureTracking({ beforeEach, afterEach });

/** The fixture agent with the session-option adapter of the built-in claude spec. */
const AGENT = AgentId.of('fixture-with-options');
const claude = builtinSpecs().find((spec) => spec.id === 'claude');
if (claude === undefined) throw new Error('the built-in catalog has no claude spec');
const fixture = interactiveAgentSpec();
const spec = {
  ...fixture,
  id: AGENT,
  capabilities: {
    ...fixture.capabilities,
    adapters: {
      ...fixture.capabilities.adapters,
      sessionOptions: claude.capabilities.adapters.sessionOptions,
    },
  },
};

let site: LocalSite;
let host: FleetHost;
let fleet: FleetClient;

beforeAll(async () => {
  site = await startLocalSite([spec]);
  const hostConnection = await site.connection();
  host = await retryUntil(() =>
    FleetHost.start({
      connection: hostConnection,
      hostId: 'host-a',
      runtime: site.runtime,
      capacity: 2,
      agents: [AGENT],
      replicas: 1,
    }),
  );
  const clientConnection = await site.connection();
  fleet = await retryUntil(() =>
    FleetClient.connect({ connection: clientConnection, ownerId: 'alice', replicas: 1 }),
  );
}, 60_000);

afterAll(async () => {
  await fleet?.dispose();
  await host?.close();
  await site?.close();
}, 30_000);

describe('FleetClient.launchAgent options', () => {
  it('hands session options and the runtime policy to the host’s launch', async () => {
    const session = await fleet.launchAgent(AGENT, {
      runtimePolicy: ProviderRuntimePolicy.rawPty(),
      sessionOptions: { model: 'opus', values: {} },
    });
    const pid = session.processId ?? 0;
    trackProcess(pid, 'fixture agent with session options', { group: true });
    await session.waitFor('fixture-ready>', { timeoutMs: FIXTURE_TIMEOUT });
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    expect(argv).toContain('opus');
    expect(session.snapshot?.sessionOptions).toEqual({ model: 'opus', values: {} });
    await session.dispose();
    expect(isProcessAlive(pid)).toBe(false);
  }, 60_000);

  it('refuses session options the agent’s adapter rejects, and starts nothing', async () => {
    // Claude's effort is a choice, not a switch.
    await expect(
      fleet.launchAgent(AGENT, { sessionOptions: { model: 'opus', values: { effort: true } } }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/effort has the wrong value type/) });
    expect(host.sessionCount).toBe(0);
  }, 60_000);
});
