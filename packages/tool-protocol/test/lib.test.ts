// Port of the inline tests of crates/gate4agent-tool-protocol/src/lib.rs: same names, same
// scenario and constants, every assertion. Rust's serde_json round trip is codec.encode →
// JSON text → codec.decode; Rust's `{:?}` is util.inspect.
import { inspect, isDeepStrictEqual } from 'node:util';
import {
  AgentInstanceId,
  SessionGeneration,
  unwrap,
  unwrapErr,
  utf8Encode,
  type WireCodec,
} from '@gate4agent/types';
import type { StaticDecode, TSchema } from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  CAPABILITY_PROTOCOL_VERSION,
  type CapabilityClass,
  CapabilityDescriptor,
  CapabilityEffect,
  CapabilityObservation,
  type CapabilityObservationEnvelope,
  CapabilityRequestId,
  CapabilityRequestInput,
  type CapabilityRequestKey,
  CapabilityResultDelivery,
  CapabilityTerminalOutcome,
  ConsumerBoundCapabilityRequest,
  ConsumerId,
  ProviderBindingId,
  type ProviderBoundCapabilityEffectEnvelope,
  ProviderBoundCapabilityEffectEnvelope as ProviderBoundEffect,
  type ProviderRuntimeCommand,
  ProviderRuntimeEnvelope,
  ProviderRuntimeSnapshot,
  ResourceScopeId,
  TOOL_ACTOR_ID_MAX_BYTES,
  TOOL_PROVIDERS_MAX,
  ToolActorId,
  ToolAuthorityOutcome,
  ToolCapabilityId,
  ToolEngineSnapshot,
  ToolOperationId,
  ToolProviderId,
} from '../src/index.js';

// Upstream builds the input as a `CapabilityRequestInput` struct; its TS constructor is `.of`.
function request(): ConsumerBoundCapabilityRequest {
  return ConsumerBoundCapabilityRequest.new(
    ConsumerId.of('station.test'),
    ToolActorId.of('agent.primary'),
    CapabilityRequestInput.of({
      localId: CapabilityRequestId.of(7),
      instanceId: AgentInstanceId.of(11),
      generation: SessionGeneration.of(3),
      providerId: ToolProviderId.of('gate.browser'),
      capabilityId: ToolCapabilityId.of('browser.page.snapshot'),
      resourceScopeId: ResourceScopeId.of('workspace:test/page:active'),
      approvalSummary: 'Read active page state',
      deadlineTick: 20,
      payload: utf8Encode('secret payload'),
    }),
  );
}

/** serde_json::to_string then serde_json::from_str, through the type's codec. */
function roundTrip<S extends TSchema>(
  codec: WireCodec<S>,
  value: StaticDecode<S>,
): StaticDecode<S> {
  const encoded = JSON.stringify(codec.encode(value));
  return unwrap(codec.decode(JSON.parse(encoded)), 'decode');
}

describe('gate4agent-tool-protocol lib', () => {
  it('request_wire_round_trip_preserves_scoped_key_and_validates', () => {
    const original = request();
    const decoded = roundTrip(ConsumerBoundCapabilityRequest.codec, original);
    expect(decoded).toEqual(original);
    expect(isDeepStrictEqual(decoded, original)).toBe(true);
    expect(ConsumerBoundCapabilityRequest.key(decoded)).toEqual({
      consumerId: ConsumerId.of('station.test'),
      actorId: ToolActorId.of('agent.primary'),
      localId: CapabilityRequestId.of(7),
    } satisfies CapabilityRequestKey);
    unwrap(ConsumerBoundCapabilityRequest.validate(decoded, 1));
  });

  it('unsupported_wire_version_and_unbounded_id_fail_validation', () => {
    const unsupported = { ...request(), protocolVersion: CAPABILITY_PROTOCOL_VERSION + 1 };
    expect(unwrapErr(ConsumerBoundCapabilityRequest.validate(unsupported, 1)).kind).toBe(
      'unsupported-protocol-version',
    );
    const invalid = JSON.stringify('x'.repeat(TOOL_ACTOR_ID_MAX_BYTES + 1));
    expect(ToolActorId.codec.decode(JSON.parse(invalid)).ok).toBe(false);
  });

  it('raw_request_debug_is_redacted', () => {
    const rendered = inspect(request());
    expect(rendered).not.toContain('secret payload');
    expect(rendered).toContain('payloadBytes');
  });

  it('provider_runtime_wire_contract_is_versioned_bounded_and_redacted', () => {
    const providerId = ToolProviderId.of('gate.browser');
    const lifecycleCommands: ProviderRuntimeCommand[] = [
      { kind: 'attach', bindingId: ProviderBindingId.of(4), providerId },
      { kind: 'detach', bindingId: ProviderBindingId.of(4), providerId },
    ];
    for (const command of lifecycleCommands) {
      const lifecycle: ProviderRuntimeEnvelope = {
        protocolVersion: CAPABILITY_PROTOCOL_VERSION,
        sequence: 4,
        command,
      };
      unwrap(ProviderRuntimeEnvelope.validate(lifecycle));
      expect(roundTrip(ProviderRuntimeEnvelope.codec, lifecycle)).toEqual(lifecycle);
      expect(inspect(lifecycle)).not.toBe('');
    }
    const observation: CapabilityObservationEnvelope = {
      protocolVersion: CAPABILITY_PROTOCOL_VERSION,
      operationId: ToolOperationId.of(9),
      requestKey: ConsumerBoundCapabilityRequest.key(request()),
      instanceId: AgentInstanceId.of(11),
      generation: SessionGeneration.of(3),
      providerId,
      observation: CapabilityObservation.succeeded({
        metadata: { byteLen: 6, mediaType: 'text/plain', truncated: false, redactedSummary: null },
        delivery: CapabilityResultDelivery.inline(utf8Encode('secret')),
      }),
    };
    const envelope: ProviderRuntimeEnvelope = {
      protocolVersion: CAPABILITY_PROTOCOL_VERSION,
      sequence: 4,
      command: { kind: 'observe', bindingId: ProviderBindingId.of(4), observation },
    };

    unwrap(ProviderRuntimeEnvelope.validate(envelope));
    unwrap(ProviderRuntimeEnvelope.validateObservationProvider(envelope, providerId));
    const decoded = roundTrip(ProviderRuntimeEnvelope.codec, envelope);
    expect(decoded).toEqual(envelope);
    const rendered = inspect(envelope, { depth: null });
    expect(rendered).not.toContain('secret');
    expect(rendered).toContain('byteLen');

    const zeroSequence = { ...envelope, sequence: 0 };
    expect(unwrapErr(ProviderRuntimeEnvelope.validate(zeroSequence))).toMatchObject({
      kind: 'zero-identifier',
      field: 'provider runtime sequence',
    });
    const unsupported = { ...envelope, protocolVersion: CAPABILITY_PROTOCOL_VERSION + 1 };
    expect(unwrapErr(ProviderRuntimeEnvelope.validate(unsupported)).kind).toBe(
      'unsupported-protocol-version',
    );
    const zeroBinding: ProviderRuntimeEnvelope = {
      ...envelope,
      command: { ...envelope.command, bindingId: ProviderBindingId.of(0) },
    };
    expect(unwrapErr(ProviderRuntimeEnvelope.validate(zeroBinding))).toMatchObject({
      kind: 'zero-identifier',
      field: 'provider binding id',
    });
    expect(
      unwrapErr(
        ProviderRuntimeEnvelope.validateObservationProvider(
          envelope,
          ToolProviderId.of('gate.browser.other'),
        ),
      ).kind,
    ).toBe('provider-mismatch');
  });

  it('provider_runtime_snapshots_and_bound_effects_are_bounded_wire_contracts', () => {
    const providerId = ToolProviderId.of('gate.browser');
    const snapshot: ProviderRuntimeSnapshot = {
      lastSequence: 8,
      sequenceExhausted: false,
      bindings: [{ bindingId: ProviderBindingId.of(4), providerId }],
    };
    unwrap(ProviderRuntimeSnapshot.validate(snapshot));
    expect(roundTrip(ProviderRuntimeSnapshot.codec, snapshot)).toEqual(snapshot);

    const bound: ProviderBoundCapabilityEffectEnvelope = {
      bindingId: ProviderBindingId.of(4),
      effect: {
        protocolVersion: CAPABILITY_PROTOCOL_VERSION,
        sequence: 1,
        operationId: ToolOperationId.of(9),
        requestKey: ConsumerBoundCapabilityRequest.key(request()),
        instanceId: AgentInstanceId.of(11),
        generation: SessionGeneration.of(3),
        providerId,
        deadlineTick: 20,
        effect: CapabilityEffect.invoke({
          consumerId: ConsumerId.of('station.test'),
          actorId: ToolActorId.of('agent.primary'),
          capabilityId: ToolCapabilityId.of('browser.page.snapshot'),
          resourceScopeId: ResourceScopeId.of('workspace:test/page:active'),
          payload: utf8Encode('secret payload'),
        }),
      },
    };
    unwrap(ProviderBoundEffect.validate(bound));
    expect(roundTrip(ProviderBoundEffect.codec, bound)).toEqual(bound);
    expect(inspect(bound, { depth: null })).not.toContain('secret payload');

    const tooMany: ProviderRuntimeSnapshot = {
      ...snapshot,
      bindings: Array.from({ length: TOOL_PROVIDERS_MAX + 1 }, () => ({
        bindingId: ProviderBindingId.of(1),
        providerId: ToolProviderId.of('gate.browser'),
      })),
    };
    expect(unwrapErr(ProviderRuntimeSnapshot.validate(tooMany))).toMatchObject({
      kind: 'too-many',
      field: 'provider runtime bindings',
    });
  });

  it('capability_admission_rejects_separator_obfuscation_without_rejecting_browser_terms', () => {
    const browser: CapabilityClass = 'browser';
    for (const id of [
      'browser.file-system.read',
      'browser.f-i-l-e-s-y-s-t-e-m.read',
      'browser.s-h-e-l-l.exec',
      'browser.m-c-p.call',
      'browser.f-s.read',
    ]) {
      const result = CapabilityDescriptor.new(
        ToolCapabilityId.of(id),
        browser,
        'unsafe capability',
      );
      expect(unwrapErr(result).kind).toBe('capability-outside-admission');
    }

    for (const id of [
      'browser.page.snapshot',
      'browser.frame.offset.read',
      'browser.dom.forms.inspect',
    ]) {
      const result = CapabilityDescriptor.new(
        ToolCapabilityId.of(id),
        browser,
        'bounded browser capability',
      );
      expect(result.ok).toBe(true);
    }
  });

  it('output_contracts_round_trip_for_service_and_wasm_consumers', () => {
    const outcome: ToolAuthorityOutcome = {
      kind: 'client-closed',
      purgedGrantCount: 2,
      closedRequestCount: 1,
    };
    expect(roundTrip(ToolAuthorityOutcome.codec, outcome)).toEqual(outcome);

    const terminal = CapabilityTerminalOutcome.of({
      kind: 'provider-detached',
      cancellation: 'provider-detached-unconfirmed',
    });
    expect(roundTrip(CapabilityTerminalOutcome.codec, terminal)).toEqual(terminal);
    expect(inspect(terminal, { breakLength: Number.POSITIVE_INFINITY })).toBe(
      "{ kind: 'provider-detached', cancellation: 'provider-detached-unconfirmed' }",
    );

    const snapshot: ToolEngineSnapshot = {
      protocolVersion: CAPABILITY_PROTOCOL_VERSION,
      revision: 4,
      currentTick: 9,
      generations: [[AgentInstanceId.of(11), SessionGeneration.of(3)]],
      instanceStates: [[AgentInstanceId.of(11), 'active']],
      providers: [],
      grants: [],
      requests: [],
      auditEvents: [
        {
          sequence: 1,
          tick: 9,
          subject: null,
          event: {
            kind: 'client-closed',
            consumerId: ConsumerId.of('station.test'),
            actorId: ToolActorId.of('agent.primary'),
            purgedGrantCount: 2,
            closedRequestCount: 1,
          },
        },
      ],
      droppedAuditEvents: 0,
      revisionOverflowCount: 0,
      nextCompletionSequence: 2,
      droppedCompletions: 0,
      effectSequenceExhausted: false,
      completionSequenceExhausted: false,
      auditSequenceExhausted: false,
    };
    const decoded = roundTrip(ToolEngineSnapshot.codec, snapshot);
    expect(decoded.protocolVersion).toBe(CAPABILITY_PROTOCOL_VERSION);
    expect(decoded).toEqual(snapshot);
  });
});
