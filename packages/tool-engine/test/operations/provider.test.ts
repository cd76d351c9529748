import {
  CapabilityDescriptor,
  TOOL_CAPABILITIES_PER_PROVIDER_MAX,
  TOOL_PROVIDERS_MAX,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { ToolEngine } from '../../src/engine/tool-engine.js';
import {
  configured,
  gateProvider,
  grant,
  internal,
  provider,
  providerId,
  request,
} from '../engine/engine-fixtures.js';

const capability = (id: string) =>
  unwrap(CapabilityDescriptor.new(ToolCapabilityId.of(id), 'browser', 'A capability'));

describe('registerProvider and detachProviderRuntime', () => {
  it('keeps a capability input schema as a frozen copy, and refuses an invalid one', () => {
    const engine = new ToolEngine();
    const inputSchema = { type: 'object', properties: { selector: { type: 'string' } } };
    const withSchema = unwrap(
      CapabilityDescriptor.new(ToolCapabilityId.of('browser.click'), 'browser', 'Click', {
        inputSchema,
      }),
    );
    expect(
      unwrapErr(
        engine.registerProvider({
          ...provider(),
          capabilities: [{ ...withSchema, inputSchema: { type: 'array' } }],
        }),
      ),
    ).toMatchObject({ kind: 'validation', error: { kind: 'invalid-input-schema' } });
    unwrap(engine.registerProvider({ ...provider(), capabilities: [withSchema] }));
    const stored = engine.snapshot().providers[0]!.capabilities[0]!;
    expect(stored.inputSchema).toEqual(inputSchema);
    expect(stored.inputSchema).not.toBe(inputSchema);
    expect(Object.isFrozen(stored.inputSchema?.properties)).toBe(true);
  });

  it('validates, refuses duplicates, and holds exactly TOOL_PROVIDERS_MAX providers', () => {
    const engine = new ToolEngine();
    expect(unwrapErr(engine.registerProvider({ ...provider(), capabilities: [] }))).toMatchObject({
      kind: 'validation',
      error: { kind: 'required', field: 'tool provider capabilities' },
    });
    const tooMany = Array.from({ length: TOOL_CAPABILITIES_PER_PROVIDER_MAX + 1 }, (_, index) =>
      capability(`browser.cap-${index}`),
    );
    expect(
      unwrapErr(engine.registerProvider({ ...provider(), capabilities: tooMany })),
    ).toMatchObject({
      error: {
        kind: 'too-many',
        max: TOOL_CAPABILITIES_PER_PROVIDER_MAX,
        actual: TOOL_CAPABILITIES_PER_PROVIDER_MAX + 1,
      },
    });
    unwrap(engine.registerProvider({ ...provider(), capabilities: tooMany.slice(1) }));
    expect(unwrapErr(engine.registerProvider(provider()))).toMatchObject({
      kind: 'duplicate-provider',
      providerId: providerId(),
    });
    for (let index = 1; index < TOOL_PROVIDERS_MAX; index += 1) {
      unwrap(
        engine.registerProvider({
          ...gateProvider(),
          id: ToolProviderId.of(`gate.provider-${index}`),
        }),
      );
    }
    const before = engine.snapshot();
    expect(before.providers).toHaveLength(TOOL_PROVIDERS_MAX);
    expect(
      unwrapErr(
        engine.registerProvider({ ...gateProvider(), id: ToolProviderId.of('gate.one-too-many') }),
      ).kind,
    ).toBe('provider-capacity-exceeded');
    expect(engine.snapshot()).toEqual(before);
  });

  it('stores a frozen copy with capabilities sorted by id and audits the registration', () => {
    const engine = new ToolEngine();
    const input = {
      ...gateProvider(),
      capabilities: [capability('browser.zeta'), capability('browser.alpha')],
    };
    unwrap(engine.registerProvider(input));
    input.capabilities.pop();
    const stored = engine.providerDescriptor(gateProvider().id)!;
    expect(stored.capabilities.map(({ id }) => id)).toEqual(['browser.alpha', 'browser.zeta']);
    expect(Object.isFrozen(stored.capabilities)).toBe(true);
    expect(engine.snapshot().auditEvents).toEqual([
      {
        sequence: 1,
        tick: 0,
        subject: null,
        event: {
          kind: 'provider-registered',
          providerId: gateProvider().id,
          owner: { kind: 'gate' },
          capabilityCount: 2,
        },
      },
    ]);
  });

  it('detaching with nothing to close or purge leaves the revision alone; a purge alone moves it', () => {
    const engine = configured('allow');
    const before = engine.snapshot();
    expect(unwrap(engine.detachProviderRuntime(providerId()))).toBe(0);
    expect(engine.snapshot()).toEqual(before);

    unwrap(engine.request(request(1, 1, 100)));
    engine.drainEffects();
    unwrap(internal(engine).revokeGrant(grant('allow').key));
    const revision = engine.snapshot().revision;
    expect(unwrap(engine.detachProviderRuntime(providerId()))).toBe(0);
    expect(engine.snapshot().revision).toBe(revision + 1);
    expect(engine.pendingEffectCount).toBe(0);
  });

  it('purges only the detached provider’s effects', () => {
    const engine = new ToolEngine();
    unwrap(engine.registerProvider(provider()));
    unwrap(engine.registerProvider(gateProvider()));
    unwrap(engine.setGeneration(grant('allow').key.instanceId, grant('allow').key.generation));
    unwrap(internal(engine).setGrant(grant('allow')));
    unwrap(
      internal(engine).setGrant({
        ...grant('allow'),
        key: { ...grant('allow').key, providerId: gateProvider().id },
      }),
    );
    unwrap(engine.request(request(1, 1, 100)));
    const shared = request(2, 1, 100);
    shared.request.providerId = gateProvider().id;
    unwrap(engine.request(shared));
    expect(unwrap(engine.detachProviderRuntime(providerId()))).toBe(1);
    expect(engine.drainEffects().map((effect) => effect.providerId)).toEqual([gateProvider().id]);
  });
});
