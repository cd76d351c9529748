import { AgentInstanceId, SessionGeneration, unwrap, unwrapErr } from '@gate4agent/types';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';
import {
  BOUNDED_ID_PATTERN,
  CapabilityCompletionEnvelope,
  CapabilityEffect,
  type CapabilityTerminalOutcome,
  ConsumerBoundCapabilityRequest,
  CapabilityTerminalOutcome as Outcome,
  PolicyKey,
  ProviderRuntimeEnvelope,
  ToolAuthorityEnvelope,
  ToolEngineSnapshot,
  ToolFailure,
  toJsonSchema,
  toolProtocolSchemas,
} from '../src/index.js';
import { boundRequest, policyKey, requestKey } from './support/fixtures.js';

const wireOf = <T>(codec: { encode(value: T): unknown }, value: T): Record<string, unknown> =>
  JSON.parse(JSON.stringify(codec.encode(value)));

describe('toolProtocolSchemas', () => {
  it('lists every exported schema under its type name', () => {
    const exported = Object.entries(api).filter(
      ([name]) => name.endsWith('Schema') && name !== 'toJsonSchema',
    );
    for (const [name, schema] of exported) {
      expect(toolProtocolSchemas[name.slice(0, -'Schema'.length)], name).toBe(schema);
    }
    expect(Object.keys(toolProtocolSchemas)).toHaveLength(exported.length + 8);
  });

  it('turns each into a plain JSON Schema another language can use', () => {
    for (const [name, schema] of Object.entries(toolProtocolSchemas)) {
      const document = toJsonSchema(name, schema);
      const text = JSON.stringify(document);
      expect(document).toMatchObject({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        title: name,
      });
      expect(text).not.toContain('~');
      expect(text).not.toContain('x-gate4agent');
      expect(JSON.parse(text)).toEqual(document);
    }
  });

  it('gives bounded ids their exact rule as pattern and maxLength', () => {
    expect(toJsonSchema('ResourceScopeId', toolProtocolSchemas.ResourceScopeId!)).toMatchObject({
      type: 'string',
      minLength: 1,
      maxLength: 512,
      pattern: BOUNDED_ID_PATTERN,
    });
    const portable = Compile(toJsonSchema('PolicyKey', PolicyKey.schema) as never);
    const wire = wireOf(PolicyKey.codec, policyKey());
    expect(portable.Check(wire)).toBe(true);
    expect(portable.Check({ ...wire, actorId: 'a b' })).toBe(false);
    expect(portable.Check({ ...wire, actorId: 'x'.repeat(257) })).toBe(false);
    expect(portable.Check({ ...wire, actorId: '' })).toBe(false);
  });
});

describe('wire form', () => {
  it('tags unions with a kebab-case kind and uses camelCase fields', () => {
    expect(
      wireOf(CapabilityEffect.codec, CapabilityEffect.cancel('generation-superseded')),
    ).toEqual({
      kind: 'cancel',
      reason: 'generation-superseded',
    });
    const denied: CapabilityTerminalOutcome = {
      kind: 'policy-denied',
      reason: { kind: 'stale-generation', current: SessionGeneration.of(4) },
    };
    expect(wireOf(Outcome.codec, denied)).toEqual({
      kind: 'policy-denied',
      reason: { kind: 'stale-generation', current: 4 },
    });
    expect(wireOf(Outcome.codec, { kind: 'approval-denied' })).toEqual({ kind: 'approval-denied' });
    expect(
      wireOf(Outcome.codec, {
        kind: 'superseded',
        currentGeneration: SessionGeneration.of(5),
        cancellation: 'queued-invoke-removed',
      }),
    ).toEqual({ kind: 'superseded', currentGeneration: 5, cancellation: 'queued-invoke-removed' });
  });

  it('writes bytes as number arrays and pairs as two-element arrays', () => {
    expect(wireOf(ConsumerBoundCapabilityRequest.codec, boundRequest()).request).toMatchObject({
      payload: [115, 101, 99, 114, 101, 116, 32, 112, 97, 121, 108, 111, 97, 100],
    });
    const snapshot: ToolEngineSnapshot = {
      protocolVersion: 2,
      revision: 0,
      currentTick: 0,
      generations: [[AgentInstanceId.of(11), SessionGeneration.of(3)]],
      instanceStates: [[AgentInstanceId.of(11), 'active']],
      providers: [],
      grants: [],
      requests: [],
      auditEvents: [],
      droppedAuditEvents: 0,
      revisionOverflowCount: 0,
      nextCompletionSequence: 1,
      droppedCompletions: 0,
      effectSequenceExhausted: false,
      completionSequenceExhausted: false,
      auditSequenceExhausted: false,
    };
    expect(wireOf(ToolEngineSnapshot.codec, snapshot)).toMatchObject({
      generations: [[11, 3]],
      instanceStates: [[11, 'active']],
    });
  });

  it('decodes a missing optional key as null, as serde does', () => {
    expect(unwrap(ToolFailure.codec.decode({ kind: 'execution' }))).toEqual({
      kind: 'execution',
      redactedMessage: null,
    });
    const completion = wireOf(
      CapabilityCompletionEnvelope.codec,
      CapabilityCompletionEnvelope.of({
        protocolVersion: 2,
        sequence: 1,
        acceptedSequence: 1,
        operationId: null,
        requestKey: requestKey(),
        instanceId: AgentInstanceId.of(11),
        generation: SessionGeneration.of(3),
        providerId: policyKey().providerId,
        outcome: { kind: 'approval-denied' },
      }),
    );
    expect(completion.operationId).toBeNull();
    delete completion.operationId;
    expect(unwrap(CapabilityCompletionEnvelope.codec.decode(completion)).operationId).toBeNull();
  });

  it('accepts unknown fields, as serde does', () => {
    const wire = { ...wireOf(PolicyKey.codec, policyKey()), futureField: true };
    expect(PolicyKey.codec.decode(wire).ok).toBe(true);
  });
});

describe('decoding rejects with a typed error naming the field', () => {
  const request = () => wireOf(ConsumerBoundCapabilityRequest.codec, boundRequest());

  it('for an invalid id deep inside, with the upstream message', () => {
    const wire = request();
    const violation = unwrapErr(
      ConsumerBoundCapabilityRequest.codec.decode({
        ...wire,
        request: { ...(wire.request as object), resourceScopeId: 'page active' },
      }),
    );
    expect(violation).toMatchObject({
      kind: 'schema-violation',
      schema: 'ConsumerBoundCapabilityRequest',
    });
    expect(violation.path).toBe('/request/resourceScopeId');
    expect(violation.message).toContain(
      'tool resource scope id contains a character other than A-Z a-z 0-9 - _ . : /; use only those',
    );
  });

  it('for out-of-range integers, bytes and versions', () => {
    const wire = request();
    const inner = wire.request as Record<string, unknown>;
    const cases: [unknown, string][] = [
      [{ ...wire, protocolVersion: 70_000 }, '/protocolVersion'],
      [{ ...wire, request: { ...inner, deadlineTick: -1 } }, '/request/deadlineTick'],
      [{ ...wire, request: { ...inner, localId: 1.5 } }, '/request/localId'],
      [{ ...wire, request: { ...inner, payload: [1, 256] } }, '/request/payload/1'],
      [{ ...wire, request: { ...inner, payload: 'c2VjcmV0' } }, '/request/payload'],
    ];
    for (const [input, path] of cases) {
      expect(unwrapErr(ConsumerBoundCapabilityRequest.codec.decode(input)).path).toBe(path);
    }
  });

  it('for text that is not well-formed', () => {
    const wire = request();
    const violation = unwrapErr(
      ConsumerBoundCapabilityRequest.codec.decode({
        ...wire,
        request: { ...(wire.request as object), approvalSummary: 'bad \ud800 text' },
      }),
    );
    expect(violation.path).toBe('/request/approvalSummary');
  });

  it('for an unknown or PascalCase kind', () => {
    const envelope = ToolAuthorityEnvelope.new(1, { kind: 'revoke-grant', key: policyKey() });
    const wire = wireOf(ToolAuthorityEnvelope.codec, envelope);
    for (const kind of ['RevokeGrant', 'revoke_grant', 'drop-grant']) {
      const violation = unwrapErr(
        ToolAuthorityEnvelope.codec.decode({
          ...wire,
          command: { ...(wire.command as object), kind },
        }),
      );
      expect(violation.path).toBe('/command/kind');
    }
    const missing = unwrapErr(
      ToolAuthorityEnvelope.codec.decode({ ...wire, command: { kind: 'revoke-grant' } }),
    );
    expect(missing.path).toBe('/command/key');
  });

  it('and leaves the input untouched', () => {
    const wire = {
      protocolVersion: 2,
      sequence: 1,
      command: { kind: 'attach', bindingId: 1, providerId: 'a b' },
    };
    const before = structuredClone(wire);
    expect(ProviderRuntimeEnvelope.codec.decode(wire).ok).toBe(false);
    expect(wire).toEqual(before);
  });
});
