// Boundaries of provider-event ingress: id and text byte limits, the tool count, required fields,
// and which controls single-line and multi-line fields accept.
import { describe, expect, it } from 'vitest';
import {
  PROVIDER_EVENT_ID_MAX_BYTES as ID,
  PROVIDER_EVENT_TOOLS_MAX,
  type ProviderEvent,
  ProviderEventValidationError,
  PROVIDER_EVENT_TEXT_MAX_BYTES as TEXT,
  unwrapErr,
  validateProviderEventIngress,
} from '../../src/index.js';

const valid = (event: ProviderEvent) => expect(validateProviderEventIngress(event).ok).toBe(true);
const error = (event: ProviderEvent) => unwrapErr(validateProviderEventIngress(event));

describe('validateProviderEventIngress', () => {
  it('bounds single-line ids at 512 bytes, multi-byte counted in bytes', () => {
    valid({ kind: 'subagent-stopped', agentId: 'a'.repeat(ID) });
    expect(error({ kind: 'subagent-stopped', agentId: 'a'.repeat(ID + 1) })).toEqual(
      ProviderEventValidationError.invalidField('subagent id', ID),
    );
    valid({ kind: 'subagent-stopped', agentId: 'ж'.repeat(ID / 2) });
    expect(error({ kind: 'subagent-stopped', agentId: `${'ж'.repeat(ID / 2)}a` }).kind).toBe(
      'invalid-field',
    );
  });

  it('bounds multi-line text at 262 144 bytes and keeps \\n \\r \\t', () => {
    valid({ kind: 'thinking', text: 'a'.repeat(TEXT) });
    expect(error({ kind: 'thinking', text: 'a'.repeat(TEXT + 1) })).toEqual(
      ProviderEventValidationError.invalidField('text', TEXT),
    );
    valid({ kind: 'thinking', text: 'a\r\n\tb' });
    expect(error({ kind: 'thinking', text: 'a\u001bb' }).kind).toBe('invalid-field');
  });

  it('rejects line breaks in single-line fields and blank required fields', () => {
    expect(error({ kind: 'subagent-stopped', agentId: 'a\tb' }).kind).toBe('invalid-field');
    expect(error({ kind: 'subagent-stopped', agentId: ' \u3000' })).toEqual(
      ProviderEventValidationError.empty('subagent id'),
    );
    expect(error({ kind: 'error', message: '\n' })).toEqual(
      ProviderEventValidationError.empty('error'),
    );
  });

  it('allows an empty model but not an empty session id', () => {
    valid({ kind: 'session-started', sessionId: 's', model: '', tools: [] });
    expect(error({ kind: 'session-started', sessionId: '', model: 'm', tools: [] })).toEqual(
      ProviderEventValidationError.empty('session_id'),
    );
  });

  it('accepts 256 tools and rejects 257, then checks each tool', () => {
    const tools = Array.from({ length: PROVIDER_EVENT_TOOLS_MAX }, (_, index) => `tool-${index}`);
    valid({ kind: 'session-started', sessionId: 's', model: 'm', tools });
    expect(
      error({ kind: 'session-started', sessionId: 's', model: 'm', tools: [...tools, 'x'] }),
    ).toEqual(
      ProviderEventValidationError.tooManyTools(
        PROVIDER_EVENT_TOOLS_MAX + 1,
        PROVIDER_EVENT_TOOLS_MAX,
      ),
    );
    expect(
      error({ kind: 'session-started', sessionId: 's', model: 'm', tools: ['ok', ''] }),
    ).toEqual(ProviderEventValidationError.empty('tool'));
  });

  it('checks an optional provider agent id only when present', () => {
    const tool = { kind: 'tool-started', id: 't', name: 'Read', inputJson: '{}' } as const;
    valid({ ...tool, agentId: null });
    expect(error({ ...tool, agentId: '' })).toEqual(
      ProviderEventValidationError.empty('provider agent id'),
    );
  });

  it('lets events without text fields through', () => {
    for (const kind of ['working-observed', 'turn-interrupted', 'ready'] as const) valid({ kind });
  });

  it('checks rate-limit fields in order', () => {
    const event = {
      kind: 'rate-limited',
      limitType: 'tokens',
      resetsAt: null,
      usagePercent: null,
      rawMessage: '',
    } as const;
    valid(event);
    expect(error({ ...event, resetsAt: 'x\n' })).toEqual(
      ProviderEventValidationError.invalidField('reset time', ID),
    );
    expect(error({ ...event, usagePercent: 'x'.repeat(ID + 1) }).kind).toBe('invalid-field');
  });
});
