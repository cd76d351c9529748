import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilityContribution,
  CapabilityDescriptor,
  CapabilityId,
  CapabilityProjection,
  CapabilityReadinessPlan,
  CapabilitySet,
  CapabilitySource,
  CapabilityValue,
  CodeCatalogGeneration,
} from '../../src/index.js';
import {
  digest,
  skill,
  useGeneration,
  useToolSet,
  VersionedTool,
} from '../../src/testing/index.js';

const tool = (name: string) => CapabilityValue.tool(new VersionedTool(name, 'v', []));

describe('CapabilityProjection.with', () => {
  const { set, ids } = useToolSet(1, useGeneration(1, 'a'), [
    ['alpha', 'b'],
    ['omega', 'c'],
  ]);
  const plan = unwrap(CapabilityReadinessPlan.build(set));

  it('accepts one value of the right kind and name per descriptor', () => {
    const projection = unwrap(
      CapabilityProjection.with(set, plan, [
        [ids.omega!, tool('omega')],
        [ids.alpha!, tool('alpha')],
      ]),
    );
    expect(projection.len).toBe(2);
    expect(projection.iter().map((e) => e.descriptor.id.localId)).toEqual(['alpha', 'omega']);
    expect(projection.valuesOf('tool').map((v) => v.tool.name)).toEqual(['alpha', 'omega']);
    expect(projection.tool(ids.alpha!)?.name).toBe('alpha');
    expect(projection.skill(ids.alpha!)).toBeNull();
    expect(projection.agent(ids.omega!)).toBeNull();
  });

  it('refuses a plan of another set, duplicates, missing and unexpected values', () => {
    const other = unwrap(CapabilityReadinessPlan.build(CapabilitySet.empty()));
    expect(unwrapErr(CapabilityProjection.with(set, other, []))).toMatchObject({
      kind: 'readiness-plan-mismatch',
      digestMismatch: true,
    });
    expect(
      unwrapErr(
        CapabilityProjection.with(set, plan, [
          [ids.alpha!, tool('alpha')],
          [ids.alpha!, tool('alpha')],
        ]),
      ),
    ).toMatchObject({
      kind: 'duplicate-value',
    });
    expect(
      unwrapErr(CapabilityProjection.with(set, plan, [[ids.alpha!, tool('alpha')]])),
    ).toMatchObject({
      kind: 'missing-value',
      capability: ids.omega!.toString(),
    });
    const stranger = unwrap(
      CapabilityId.create(unwrap(CapabilitySource.host('x', digest('a'))), 'tool', 'stranger'),
    );
    expect(
      unwrapErr(
        CapabilityProjection.with(set, plan, [
          [ids.alpha!, tool('alpha')],
          [ids.omega!, tool('omega')],
          [stranger, tool('stranger')],
        ]),
      ),
    ).toMatchObject({ kind: 'unexpected-value', capability: 'host/x:tool:stranger' });
  });

  it('refuses a value of another kind or another public name', () => {
    expect(
      unwrapErr(
        CapabilityProjection.with(set, plan, [
          [ids.alpha!, CapabilityValue.skill(skill('alpha', 'v'))],
          [ids.omega!, tool('omega')],
        ]),
      ),
    ).toMatchObject({ kind: 'kind-mismatch', descriptorKind: 'tool', valueKind: 'skill' });
    expect(
      unwrapErr(
        CapabilityProjection.with(set, plan, [
          [ids.alpha!, tool('renamed')],
          [ids.omega!, tool('omega')],
        ]),
      ),
    ).toMatchObject({
      kind: 'public-name-mismatch',
      expected: 'alpha',
      actual: 'renamed',
    });
  });

  it('checks UI surface digests and UI dependency kinds', () => {
    const source = unwrap(CapabilitySource.host('ui', digest('a')));
    const agentId = unwrap(CapabilityId.create(source, 'agent', 'helper'));
    const agent = unwrap(
      CapabilityDescriptor.create(source, 'agent', 'helper', 'helper', digest('b')),
    );
    const panel = unwrap(
      CapabilityDescriptor.create(source, 'ui', 'panel', 'panel', digest('c'), [agentId]),
    );
    const plain = unwrap(CapabilityDescriptor.create(source, 'ui', 'plain', 'plain', digest('c')));
    const uiSet = unwrap(
      CapabilitySet.fromContributions(CodeCatalogGeneration.of(1), [
        unwrap(CapabilityContribution.create(source, [agent, panel, plain])),
      ]),
    );
    const uiPlan = unwrap(CapabilityReadinessPlan.build(uiSet));
    const values = (panelDigest: string, plainDigest: string) => [
      [
        agent.id,
        CapabilityValue.agent({ name: 'helper', description: '', prompt: null, hidden: false }),
      ] as const,
      [
        panel.id,
        CapabilityValue.ui({ publicName: 'panel', surfaceDigest: digest(panelDigest) }),
      ] as const,
      [
        plain.id,
        CapabilityValue.ui({ publicName: 'plain', surfaceDigest: digest(plainDigest) }),
      ] as const,
    ];
    expect(unwrapErr(CapabilityProjection.with(uiSet, uiPlan, values('c', 'd')))).toMatchObject({
      kind: 'unsupported-ui-dependency-kind',
      dependencyKind: 'agent',
    });
    const noDeps = unwrap(
      CapabilitySet.fromContributions(CodeCatalogGeneration.of(1), [
        unwrap(CapabilityContribution.create(source, [plain])),
      ]),
    );
    const noDepsPlan = unwrap(CapabilityReadinessPlan.build(noDeps));
    expect(
      unwrapErr(CapabilityProjection.with(noDeps, noDepsPlan, [values('c', 'd')[2]!])),
    ).toMatchObject({ kind: 'surface-digest-mismatch' });
    expect(CapabilityProjection.with(noDeps, noDepsPlan, [values('c', 'c')[2]!]).ok).toBe(true);
  });
});
