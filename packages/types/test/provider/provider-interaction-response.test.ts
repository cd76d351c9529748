import { describe, expect, it } from 'vitest';
import {
  PROVIDER_INTERACTION_RESPONSE_MAX_BYTES as MAX,
  ProviderInteractionResponse,
  ProviderInteractionResponseError,
  unwrapErr,
} from '../../src/index.js';

describe('ProviderInteractionResponse', () => {
  it('maps kinds and outcomes', () => {
    expect(ProviderInteractionResponse.kind({ kind: 'answer', text: 'x' })).toBe('answer');
    expect(ProviderInteractionResponse.outcome({ kind: 'approve-once' })).toBe('approved');
    expect(ProviderInteractionResponse.outcome({ kind: 'deny' })).toBe('denied');
    expect(ProviderInteractionResponse.outcome({ kind: 'answer', text: 'x' })).toBe('answered');
  });

  it('bounds an answer at 32 768 bytes and keeps line breaks', () => {
    const answer = (text: string) =>
      ProviderInteractionResponse.validateFor({ kind: 'answer', text }, 'question');
    expect(answer('a'.repeat(MAX)).ok).toBe(true);
    expect(answer('ж'.repeat(MAX / 2)).ok).toBe(true);
    expect(unwrapErr(answer(`${'ж'.repeat(MAX / 2)}a`))).toEqual(
      ProviderInteractionResponseError.invalidAnswer(MAX),
    );
    expect(answer('yes\n\tno\r').ok).toBe(true);
    expect(unwrapErr(answer('yes\u0000')).kind).toBe('invalid-answer');
    expect(unwrapErr(answer('\u0085')).kind).toBe('empty-answer');
  });

  it('rejects an answer to an approval', () => {
    expect(
      unwrapErr(ProviderInteractionResponse.validateFor({ kind: 'answer', text: 'x' }, 'approval')),
    ).toEqual(ProviderInteractionResponseError.answerRequiresQuestion());
  });
});
