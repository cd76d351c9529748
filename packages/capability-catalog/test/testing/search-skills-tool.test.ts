import { unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { CapabilityValue, SessionCapabilityBatch } from '../../src/index.js';
import {
  leaseCounters,
  provider,
  searchSkills,
  skill,
  testSession,
  useGeneration,
  useSkillSet,
} from '../../src/testing/index.js';

const context = { sessionId: 's', runId: 'r', signal: new AbortController().signal };
const lines = (content: string) =>
  content.split('\n').map((line) => JSON.parse(line) as { name: string });

describe('search_skills', () => {
  it('matches name, description or tag case-insensitively, one JSON line per skill', async () => {
    const tool = searchSkills(
      new Map([
        ['alpha', skill('alpha', 'generation-one')],
        ['beta', skill('beta', 'generation-two')],
      ]),
    );
    expect(
      lines((await tool.execute({ query: 'PINNED' }, context)).content).map((s) => s.name),
    ).toEqual(['alpha', 'beta']);
    expect(lines((await tool.execute({ query: 'Generation-Two' }, context)).content)).toEqual([
      { name: 'beta', description: 'generation-two', version: 'generation-two' },
    ]);
    expect((await tool.execute({ query: 'nothing' }, context)).content).toBe('no matching skills');
    expect(await tool.execute({}, context)).toEqual({
      content: 'query must be a string',
      success: false,
    });
  });

  it('is reserved as a built-in tool name of the test session and sees projected skills', async () => {
    const session = testSession('search-skills-binding');
    expect(session.toolRegistry.exists('search_skills')).toBe(true);
    const upstream = useGeneration(1, 'a');
    const { set, ids } = useSkillSet(1, upstream, [['pinned-skill', 'b']]);
    const batch = unwrap(
      SessionCapabilityBatch.fromUseProjection(set, provider(upstream, leaseCounters())),
    );
    unwrap(
      batch.stageValue(
        ids['pinned-skill']!,
        CapabilityValue.skill(skill('pinned-skill', 'generation-one')),
      ),
    );
    unwrap(await session.applyCapabilityBatch(batch));
    const run = unwrap(await session.admitCapabilityRun());
    expect(run.projection.valuesOf('skill').map((v) => v.skill.description)).toEqual([
      'generation-one',
    ]);
    unwrap(await run.close());
    run.release();
  });
});
