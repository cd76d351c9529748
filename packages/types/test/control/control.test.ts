// Port of the inline tests of gate4agent-types src/control.rs.
import { describe, expect, it } from 'vitest';
import {
  AgentId,
  type ContextWindowUsage,
  ControlCommandCodec,
  ControlEffectCodec,
  FOREGROUND_PROCESS_NAME_MAX_BYTES,
  ForegroundProcess,
  PROVIDER_INTERACTION_RESPONSE_MAX_BYTES,
  type ProviderEvent,
  ProviderEventValidationError,
  type ProviderInteractionOutcome,
  ProviderInteractionResponse,
  ProviderInteractionResponseError,
  ProviderRuntimePolicy,
  ProviderRuntimePolicyCodec,
  providerRuntimePolicyError,
  TerminalFrameCodec,
  unwrap,
  validateProviderEventIngress,
} from '../../src/index.js';

const ok = { ok: true, value: undefined };
const U64_MAX = Number.MAX_SAFE_INTEGER;

describe('control.rs', () => {
  it('context_window_usage_ingress_requires_exact_bounded_segments', () => {
    const event = (usage: ContextWindowUsage): ProviderEvent => ({
      kind: 'context-window-usage',
      usage,
    });
    const valid: ContextWindowUsage = {
      uncachedInputTokens: 70,
      cacheReadTokens: 20,
      cacheWriteTokens: 0,
      outputTokens: 10,
      unattributedTokens: 5,
      usedTokens: 105,
      capacityTokens: 100,
    };
    expect(validateProviderEventIngress(event(valid))).toEqual(ok);
    expect(validateProviderEventIngress(event({ ...valid, capacityTokens: 0 }))).toEqual({
      ok: false,
      error: ProviderEventValidationError.zeroContextWindowCapacity(),
    });
    expect(validateProviderEventIngress(event({ ...valid, usedTokens: 104 }))).toEqual({
      ok: false,
      error: ProviderEventValidationError.contextWindowSegmentsMismatch(105, 104),
    });
    expect(
      validateProviderEventIngress(
        event({
          uncachedInputTokens: U64_MAX,
          cacheReadTokens: 1,
          cacheWriteTokens: 0,
          outputTokens: 0,
          unattributedTokens: 0,
          usedTokens: U64_MAX,
          capacityTokens: 1,
        }),
      ),
    ).toEqual({ ok: false, error: ProviderEventValidationError.contextWindowSegmentsOverflow() });
  });

  it('provider_runtime_policy_enforces_semantic_invariants', () => {
    const raw = ProviderRuntimePolicy.rawPty();
    expect(ProviderRuntimePolicy.admits(raw, 'raw-pty-lifecycle')).toBe(true);
    expect(ProviderRuntimePolicy.admits(raw, 'semantic-readiness')).toBe(false);
    expect(ProviderRuntimePolicy.validate(raw)).toEqual(ok);

    const policy = (
      rawPtyLifecycle: boolean,
      semanticReadiness: boolean,
      structuredPrompt: boolean,
      providerSessionIdentity: boolean,
      semanticResume: boolean,
    ) =>
      ProviderRuntimePolicy.tryNew({
        rawPtyLifecycle,
        semanticReadiness,
        structuredPrompt,
        providerSessionIdentity,
        semanticResume,
      });
    expect(policy(false, true, false, false, false)).toEqual({
      ok: false,
      error: providerRuntimePolicyError('semantic-capability-requires-raw-pty'),
    });
    expect(policy(true, false, true, false, false)).toEqual({
      ok: false,
      error: providerRuntimePolicyError('structured-prompt-requires-readiness'),
    });
    expect(policy(true, true, true, false, true)).toEqual({
      ok: false,
      error: providerRuntimePolicyError('resume-requires-session-identity'),
    });
    expect(policy(true, true, true, true, true).ok).toBe(true);
  });

  it('provider_runtime_policy_serde_requires_every_field_and_revalidates', () => {
    const raw = ProviderRuntimePolicy.rawPty();
    const encoded = JSON.stringify(ProviderRuntimePolicyCodec.encode(raw));
    expect(encoded).toBe(
      '{"rawPtyLifecycle":true,"semanticReadiness":false,"structuredPrompt":false,"providerSessionIdentity":false,"semanticResume":false}',
    );
    expect(unwrap(ProviderRuntimePolicyCodec.decode(JSON.parse(encoded)))).toEqual(raw);
    expect(
      ProviderRuntimePolicyCodec.decode(
        JSON.parse(
          '{"rawPtyLifecycle":true,"semanticReadiness":false,"structuredPrompt":false,"providerSessionIdentity":false}',
        ),
      ).ok,
    ).toBe(false);
    expect(
      ProviderRuntimePolicyCodec.decode(
        JSON.parse(
          '{"rawPtyLifecycle":true,"semanticReadiness":false,"structuredPrompt":true,"providerSessionIdentity":false,"semanticResume":false}',
        ),
      ).ok,
    ).toBe(false);
    expect(
      ControlCommandCodec.decode(
        JSON.parse(
          '{"kind":"start","instanceId":1,"request":{"workingDirectory":"C:\\\\repo","terminalSize":{"rows":24,"columns":80}}}',
        ),
      ).ok,
    ).toBe(false);
    expect(
      ControlEffectCodec.decode(
        JSON.parse(
          '{"kind":"spawn","agentId":"claude","transport":"pty","request":{"workingDirectory":"C:\\\\repo","terminalSize":{"rows":24,"columns":80}}}',
        ),
      ).ok,
    ).toBe(false);
  });

  it('foreground_process_is_bounded_and_agent_bound', () => {
    const claude = AgentId.of('claude');
    const process: ForegroundProcess = {
      rootProcessId: 1,
      processId: 2,
      processName: 'claude',
      kind: { kind: 'agent', agentId: claude },
    };
    expect(ForegroundProcess.isValidFor(process, claude)).toBe(true);
    expect(ForegroundProcess.isValidFor(process, AgentId.of('codex'))).toBe(false);
    expect(
      ForegroundProcess.isValidFor(
        { ...process, processName: 'x'.repeat(FOREGROUND_PROCESS_NAME_MAX_BYTES + 1) },
        claude,
      ),
    ).toBe(false);
  });

  it('terminal_frame_metadata_defaults_for_older_serialized_frames', () => {
    const frame = unwrap(
      TerminalFrameCodec.decode(
        JSON.parse(
          '{"sequence":1,"size":{"rows":24,"columns":80},"cursorRow":0,"cursorColumn":0,"contents":"ready","formatted":[114]}',
        ),
      ),
      'legacy terminal frame',
    );

    expect(frame.scrollbackFormatted).toHaveLength(0);
    expect(frame.alternateScreen).toBe(false);
    expect(frame.mouseProtocolEnabled).toBe(false);
    expect(frame.mouseProtocolEncoding).toBe('default');
  });

  it('provider_interactions_require_bounded_identity_and_question_payloads', () => {
    const question: ProviderEvent = {
      kind: 'interaction-requested',
      requestId: 'question-1',
      interactionKind: 'question',
      toolName: 'AskUserQuestion',
      prompt: '{"question":"Continue?"}',
      agentId: 'child-1',
    };
    expect(validateProviderEventIngress(question)).toEqual(ok);

    const badRequest = validateProviderEventIngress({
      kind: 'interaction-requested',
      requestId: 'bad\nrequest',
      interactionKind: 'approval',
      toolName: 'shell',
      prompt: '',
      agentId: null,
    });
    expect(badRequest).toMatchObject({
      ok: false,
      error: { kind: 'invalid-field', field: 'interaction request id' },
    });
    expect(
      validateProviderEventIngress({
        kind: 'interaction-requested',
        requestId: null,
        interactionKind: 'question',
        toolName: 'AskUserQuestion',
        prompt: '',
        agentId: null,
      }),
    ).toMatchObject({ ok: false, error: { kind: 'empty', field: 'interaction prompt' } });

    for (const outcome of ['approved', 'denied'] as const) {
      expect(
        validateProviderEventIngress({
          kind: 'interaction-resolved',
          requestId: 'approval-1',
          outcome,
        }),
      ).toEqual(ok);
    }
    expect(
      validateProviderEventIngress({
        kind: 'interaction-resolved',
        requestId: 'bad\nrequest',
        outcome: 'approved',
      }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'invalid-field', field: 'interaction request id' },
    });
    const turnEnded: ProviderInteractionOutcome = 'turn-ended';
    expect(
      validateProviderEventIngress({
        kind: 'interaction-resolved',
        requestId: 'approval-1',
        outcome: turnEnded,
      }),
    ).toEqual({
      ok: false,
      error: ProviderEventValidationError.invalidInteractionResolutionOutcome(turnEnded),
    });
  });

  it('provider_interaction_responses_are_kind_checked_and_bounded', () => {
    expect(ProviderInteractionResponse.validateFor({ kind: 'approve-once' }, 'approval')).toEqual(
      ok,
    );
    expect(ProviderInteractionResponse.validateFor({ kind: 'deny' }, 'question')).toEqual(ok);
    expect(
      ProviderInteractionResponse.validateFor({ kind: 'answer', text: 'continue' }, 'question'),
    ).toEqual(ok);
    expect(ProviderInteractionResponse.validateFor({ kind: 'approve-once' }, 'question')).toEqual({
      ok: false,
      error: ProviderInteractionResponseError.approvalRequiresApproval(),
    });
    expect(
      ProviderInteractionResponse.validateFor({ kind: 'answer', text: '' }, 'question'),
    ).toEqual({
      ok: false,
      error: ProviderInteractionResponseError.emptyAnswer(),
    });
    expect(
      ProviderInteractionResponse.validateFor(
        { kind: 'answer', text: 'x'.repeat(PROVIDER_INTERACTION_RESPONSE_MAX_BYTES + 1) },
        'question',
      ),
    ).toEqual({
      ok: false,
      error: ProviderInteractionResponseError.invalidAnswer(
        PROVIDER_INTERACTION_RESPONSE_MAX_BYTES,
      ),
    });
  });

  it('provider_ingress_allows_multiline_text_but_rejects_control_bytes', () => {
    unwrap(
      validateProviderEventIngress({
        kind: 'text',
        text: 'first line\n\tsecond line',
        isDelta: false,
      }),
    );

    expect(
      validateProviderEventIngress({ kind: 'text', text: 'unsafe\u0000text', isDelta: false }),
    ).toMatchObject({ ok: false, error: { kind: 'invalid-field', field: 'text' } });
    expect(
      validateProviderEventIngress({
        kind: 'session-started',
        sessionId: 'session\nother',
        model: 'model',
        tools: [],
      }).ok,
    ).toBe(false);
  });

  it('provider_session_identity_is_typed_and_bounded_at_ingress', () => {
    const valid: ProviderEvent = {
      kind: 'session-identity-observed',
      identity: {
        key: 'conversation-id',
        id: 'conversation-1',
        transcriptPath: 'C:/sessions/conversation-1.jsonl',
      },
    };
    expect(validateProviderEventIngress(valid)).toEqual(ok);

    for (const identity of [
      { key: 'session-id', id: '--help', transcriptPath: null },
      { key: 'session-id', id: 'session-1', transcriptPath: 'bad\npath' },
    ] as const) {
      expect(validateProviderEventIngress({ kind: 'session-identity-observed', identity }).ok).toBe(
        false,
      );
    }
  });
});
