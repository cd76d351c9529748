// The catalog pre-check of `register`: unknown agents, and each transport only when declared.
import { AdapterId, AgentId, defaultAgentCapabilities } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { agentCatalog } from '../../src/kernel/agent-catalog.js';
import { Gate4AgentKernel } from '../../src/kernel/gate4agent-kernel.js';
import { command, instance } from './kernel-fixtures.js';

const binding = {
  id: AdapterId.of('codex'),
  revision: 'test/v1',
  verification: 'synthetic-fixture' as const,
};

function catalogWithTransports() {
  const capabilities = defaultAgentCapabilities();
  return agentCatalog([
    {
      id: AgentId.of('codex'),
      capabilities: {
        ...capabilities,
        transports: {
          pty: false,
          ptyAdapter: null,
          pipe: {
            adapter: binding,
            protocol: 'semantic-ndjson',
            launchOverride: null,
            promptDelivery: 'none',
          },
          acp: { adapter: binding, launchOverride: null },
        },
      },
    },
    { id: AgentId.of('codex'), capabilities },
  ]);
}

const registerWith = (transport: 'pty' | 'pipe' | 'acp') =>
  command(1, {
    kind: 'register',
    instanceId: instance(),
    agentId: AgentId.of('codex'),
    transport,
  });

describe('agentCatalog', () => {
  it('looks agents up by id, the first spec of an id winning', () => {
    const catalog = catalogWithTransports();
    expect(catalog.get(AgentId.of('codex'))?.capabilities.transports.pty).toBe(false);
    expect(catalog.get(AgentId.of('claude'))).toBeNull();
  });

  it('admits exactly the transports the agent declares', () => {
    for (const transport of ['pipe', 'acp'] as const) {
      const step = new Gate4AgentKernel(catalogWithTransports()).step(
        [registerWith(transport)],
        [],
      );
      expect(step.commandOutcomes[0]!.result.ok).toBe(true);
      expect(step.snapshot.sessions[0]!.transport).toBe(transport);
    }
    const refused = new Gate4AgentKernel(catalogWithTransports()).step([registerWith('pty')], []);
    expect(refused.commandOutcomes[0]!.result).toMatchObject({
      ok: false,
      error: {
        kind: 'unsupported-transport',
        transport: 'pty',
        message:
          "agent 'codex' does not support transport pty; choose a transport the agent declares",
      },
    });
    expect(refused.events.map((event) => event.event.kind)).toEqual(['command-rejected']);
  });
});
