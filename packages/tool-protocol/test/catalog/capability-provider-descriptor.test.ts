import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  type CapabilityDescriptor,
  CapabilityOwner,
  CapabilityProviderDescriptor,
  ConsumerId,
  TOOL_CAPABILITIES_PER_PROVIDER_MAX,
  ToolCapabilityId,
  ToolProviderId,
} from '../../src/index.js';

const capability = (
  id: string,
  description = 'bounded browser capability',
): CapabilityDescriptor => ({
  id: ToolCapabilityId.of(id),
  class: 'browser',
  description,
});

const provider = (capabilities: CapabilityDescriptor[]): CapabilityProviderDescriptor => ({
  id: ToolProviderId.of('gate.browser.physical-e2e'),
  owner: CapabilityOwner.gate(),
  capabilities,
});

const many = (count: number) =>
  Array.from({ length: count }, (_, index) => capability(`browser.c${index}`));

describe('CapabilityProviderDescriptor.validate', () => {
  it('accepts the reference E2E provider', () => {
    unwrap(
      CapabilityProviderDescriptor.validate(
        provider([capability('browser.snapshot', 'Return controlled page metadata')]),
      ),
    );
  });

  it('requires at least one capability', () => {
    expect(unwrapErr(CapabilityProviderDescriptor.validate(provider([])))).toMatchObject({
      kind: 'required',
      field: 'tool provider capabilities',
    });
  });

  it('accepts exactly the capability limit and rejects one more', () => {
    const max = TOOL_CAPABILITIES_PER_PROVIDER_MAX;
    unwrap(CapabilityProviderDescriptor.validate(provider(many(max))));
    expect(unwrapErr(CapabilityProviderDescriptor.validate(provider(many(max + 1))))).toMatchObject(
      {
        kind: 'too-many',
        field: 'tool provider capabilities',
        max,
        actual: max + 1,
      },
    );
  });

  it('rejects exact duplicate ids, case-sensitively', () => {
    expect(
      unwrapErr(
        CapabilityProviderDescriptor.validate(
          provider([capability('browser.a'), capability('browser.a')]),
        ),
      ),
    ).toMatchObject({ kind: 'duplicate-identifier', field: 'tool capability id' });
    unwrap(
      CapabilityProviderDescriptor.validate(
        provider([capability('browser.A'), capability('browser.a')]),
      ),
    );
  });

  it('checks duplicates before admission, then each capability in list order', () => {
    const duplicateAndUnsafe = provider([capability('browser.fs'), capability('browser.fs')]);
    expect(unwrapErr(CapabilityProviderDescriptor.validate(duplicateAndUnsafe)).kind).toBe(
      'duplicate-identifier',
    );
    const ordered = provider([capability('browser.ok', ''), capability('browser.shell')]);
    expect(unwrapErr(CapabilityProviderDescriptor.validate(ordered)).kind).toBe('required');
    const unsafeFirst = provider([capability('browser.shell'), capability('browser.ok', '')]);
    expect(unwrapErr(CapabilityProviderDescriptor.validate(unsafeFirst)).kind).toBe(
      'capability-outside-admission',
    );
  });

  it('leaves a rejected descriptor unchanged', () => {
    const rejected = provider([capability('browser.ok', 'x'.repeat(2_049))]);
    const before = structuredClone(rejected);
    expect(unwrapErr(CapabilityProviderDescriptor.validate(rejected)).kind).toBe('too-large');
    expect(rejected).toEqual(before);
  });
});

describe('CapabilityProviderDescriptor.hasCapability', () => {
  it('matches ids exactly', () => {
    const descriptor = provider([capability('browser.snapshot')]);
    expect(
      CapabilityProviderDescriptor.hasCapability(
        descriptor,
        ToolCapabilityId.of('browser.snapshot'),
      ),
    ).toBe(true);
    expect(
      CapabilityProviderDescriptor.hasCapability(
        descriptor,
        ToolCapabilityId.of('browser.Snapshot'),
      ),
    ).toBe(false);
    expect(
      CapabilityProviderDescriptor.hasCapability(descriptor, ToolCapabilityId.of('browser.other')),
    ).toBe(false);
  });
});

describe('CapabilityOwner', () => {
  it('is kind-tagged on the wire and refuses PascalCase', () => {
    const owner = CapabilityOwner.consumer(ConsumerId.of('gate4agent-client-1'));
    expect(CapabilityOwner.codec.encode(owner)).toEqual({
      kind: 'consumer',
      consumerId: 'gate4agent-client-1',
    });
    expect(unwrap(CapabilityOwner.codec.decode({ kind: 'gate' }))).toEqual(CapabilityOwner.gate());
    expect(CapabilityOwner.codec.decode({ kind: 'Gate' }).ok).toBe(false);
    expect(CapabilityOwner.codec.decode('gate').ok).toBe(false);
  });
});
