import { unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  type CapabilityKind,
  CapabilitySession,
  type CapabilitySessionOptions,
  type CapabilityValue,
  SessionCapabilityBatch,
  CapabilityValue as Value,
} from '../../src/index.js';
import { leaseCounters, provider, useGeneration, useKindSet } from '../../src/testing/index.js';

async function apply(
  options: Partial<CapabilitySessionOptions>,
  kind: CapabilityKind,
  entries: [string, CapabilityValue][],
) {
  const session = new CapabilitySession({ sessionId: `validation-${kind}`, ...options });
  const upstream = useGeneration(1, 'a');
  const { set, ids } = useKindSet(
    1,
    upstream,
    kind,
    entries.map(([name]) => [name, 'b'] as const),
  );
  const batch = unwrap(
    SessionCapabilityBatch.fromUseProjection(set, provider(upstream, leaseCounters())),
  );
  for (const [name, value] of entries) unwrap(batch.stageValue(ids[name]!, value));
  return session.applyCapabilityBatch(batch);
}

describe('runtime validation of a projection', () => {
  it('refuses an MCP server owned by a compatibility registration and a hook that cannot run', async () => {
    expect(
      await apply({ mcpServers: ['files'] }, 'mcp', [
        ['files', Value.mcp({ serverName: 'files', toolNames: [] })],
      ]),
    ).toMatchObject({
      ok: false,
      error: { kind: 'runtime-name-conflict', capabilityKind: 'mcp', publicName: 'files' },
    });
    const broken = Value.hook({
      id: 'guard',
      event: 'pre-tool',
      runScopeProblem: () => 'needs a turn scope',
    });
    expect(await apply({}, 'hook', [['guard', broken]])).toMatchObject({
      ok: false,
      error: {
        kind: 'runtime-value-invalid',
        capabilityKind: 'hook',
        detail: 'needs a turn scope',
      },
    });
  });

  it('refuses context that is cognitive or shadows a static provider', async () => {
    expect(
      await apply({}, 'context', [['memory', Value.context({ name: 'memory', cognitive: true })]]),
    ).toMatchObject({
      ok: false,
      error: { kind: 'runtime-value-invalid', capabilityKind: 'context' },
    });
    expect(
      await apply({ staticContextProviders: [{ name: 'memory', cognitive: false }] }, 'context', [
        ['memory', Value.context({ name: 'memory', cognitive: false })],
      ]),
    ).toMatchObject({
      ok: false,
      error: { kind: 'runtime-name-conflict', capabilityKind: 'context' },
    });
  });

  it('refuses two knowledge bindings and knowledge beside general context', async () => {
    const knowledge = (name: string) => Value.knowledge({ providerName: name, bindingId: name });
    expect(
      await apply({}, 'knowledge', [
        ['kb-one', knowledge('kb-one')],
        ['kb-two', knowledge('kb-two')],
      ]),
    ).toMatchObject({
      ok: false,
      error: { kind: 'runtime-value-invalid', capabilityKind: 'knowledge' },
    });
    expect(
      await apply({ staticContextProviders: [{ name: 'docs', cognitive: false }] }, 'knowledge', [
        ['kb-one', knowledge('kb-one')],
      ]),
    ).toMatchObject({
      ok: false,
      error: { kind: 'runtime-value-invalid', capabilityKind: 'knowledge' },
    });
    expect(
      await apply(
        { cognitiveBinding: { providerName: 'static', bindingId: 'static' } },
        'knowledge',
        [['kb-one', knowledge('kb-one')]],
      ),
    ).toMatchObject({
      ok: false,
      error: { kind: 'runtime-value-invalid', capabilityKind: 'knowledge' },
    });
    expect((await apply({}, 'knowledge', [['kb-one', knowledge('kb-one')]])).ok).toBe(true);
  });

  it('refuses a skill the Session validator rejects and accepts flows without a registry', async () => {
    const skill = Value.skill({
      name: 'bad-skill',
      description: 'd',
      allowedTools: null,
      disableModelInvocation: false,
      kind: 'instruction',
      content: '',
      tags: [],
      version: null,
    });
    expect(
      await apply(
        { validateSkill: (s) => (s.content === '' ? 'skill content is empty' : null) },
        'skill',
        [['bad-skill', skill]],
      ),
    ).toMatchObject({
      ok: false,
      error: {
        kind: 'runtime-value-invalid',
        capabilityKind: 'skill',
        detail: 'skill content is empty',
      },
    });
    expect(
      (await apply({}, 'flow', [['release-flow', Value.flow({ publicName: 'release-flow' })]])).ok,
    ).toBe(true);
  });
});
