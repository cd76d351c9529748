import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unwrap } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CapabilityValue, SessionCapabilityBatch, WorkerAgentSpec } from '../../src/index.js';
import {
  leaseCounters,
  provider,
  testSession,
  useGeneration,
  useKindSet,
  VersionedTool,
} from '../../src/testing/index.js';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'capability-registrations-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('compatibility registrations', () => {
  it('registers a whole agent directory (YAML, Markdown front matter, subdirectories) and skips unparsable files', async () => {
    const session = testSession('agent-dir');
    await writeFile(join(dir, 'alpha.yaml'), 'name: alpha-agent\ndescription: Alpha\n');
    await writeFile(join(dir, 'broken.yml'), 'name: [unclosed\n');
    await writeFile(join(dir, 'nameless.yaml'), 'description: no name\n');
    await writeFile(join(dir, 'notes.txt'), 'name: ignored\n');
    await mkdir(join(dir, 'nested'));
    await writeFile(
      join(dir, 'nested', 'beta.md'),
      '---\nname: beta-agent\ndescription: Beta\n---\nYou are beta.\n',
    );
    expect(unwrap(await session.registerAgentDir(dir))).toBe(2);
    expect(session.agentRegistry.exists('alpha-agent')).toBe(true);
    expect(session.agentRegistry.get('beta-agent')?.prompt).toBe('You are beta.');
    expect(session.agentRegistry.exists('ignored')).toBe(false);
  });

  it('refuses a worker agent whose canonical name a published agent already holds', async () => {
    const session = testSession('agent-alias');
    const upstream = useGeneration(1, 'a');
    const { set, ids } = useKindSet(1, upstream, 'agent', [['general-helper', 'b']]);
    const batch = unwrap(
      SessionCapabilityBatch.fromUseProjection(set, provider(upstream, leaseCounters())),
    );
    unwrap(
      batch.stageValue(
        ids['general-helper']!,
        CapabilityValue.agent({
          name: 'general-helper',
          description: '',
          prompt: null,
          hidden: false,
        }),
      ),
    );
    unwrap(await session.applyCapabilityBatch(batch));
    expect(
      unwrap(await session.registerWorkerAgent(WorkerAgentSpec.custom('other-helper', 'fine')))
        .name,
    ).toBe('other-helper');
    expect(
      await session.registerWorkerAgent(WorkerAgentSpec.custom('  general-helper ', 'dup')),
    ).toMatchObject({
      ok: false,
      error: { cause: { kind: 'runtime-name-conflict', capabilityKind: 'agent' } },
    });
  });

  it('gates commands and hooks like tools, and refuses run-bound built-in tool names', async () => {
    const session = testSession('commands-hooks');
    const upstream = useGeneration(1, 'a');
    const { set, ids } = useKindSet(1, upstream, 'command', [['deploy', 'b']]);
    const batch = unwrap(
      SessionCapabilityBatch.fromUseProjection(set, provider(upstream, leaseCounters())),
    );
    unwrap(
      batch.stageValue(
        ids.deploy!,
        CapabilityValue.command({ name: 'deploy', description: 'ship it' }),
      ),
    );
    unwrap(await session.applyCapabilityBatch(batch));
    expect(await session.registerCommand({ name: 'deploy', description: 'shadow' })).toMatchObject({
      ok: false,
      error: { cause: { capabilityKind: 'command', publicName: 'deploy' } },
    });
    unwrap(await session.registerCommand({ name: 'status', description: 'fine' }));
    unwrap(await session.registerHook({ id: 'on-start', event: 'session-start' }));
    expect(session.hookRegistry.exists('on-start')).toBe(true);
    expect(
      await session.registerDynamicTool(new VersionedTool('search_skills', 'v', [])),
    ).toMatchObject({
      ok: false,
      error: { kind: 'builtin-name-taken', publicName: 'search_skills' },
    });
  });

  it('fails every registration with session-closed after close', async () => {
    const session = testSession('closed-registrations');
    await session.close();
    expect(await session.registerDynamicTool(new VersionedTool('late', 'v', []))).toMatchObject({
      ok: false,
      error: { kind: 'session-closed', sessionId: 'closed-registrations' },
    });
    expect(
      await session.registerWorkerAgents([WorkerAgentSpec.custom('late-agent', 'x')]),
    ).toMatchObject({
      ok: false,
      error: { kind: 'session-closed' },
    });
    expect(session.agentRegistry.exists('late-agent')).toBe(false);
  });
});
