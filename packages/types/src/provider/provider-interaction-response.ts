import Type, { type Static } from 'typebox';
import { PROVIDER_INTERACTION_RESPONSE_MAX_BYTES } from '../constants.js';
import { err, ok, type Result } from '../shared/result.js';
import { hasNonTextControlChar, isBlank, utf8ByteLength } from '../shared/text.js';
import type {
  ProviderInteractionKind,
  ProviderInteractionOutcome,
  ProviderInteractionResponseKind,
} from './provider-interaction.js';

/** TypeBox schema of {@link ProviderInteractionResponse}. */
export const ProviderInteractionResponseSchema = Type.Union([
  Type.Object({ kind: Type.Literal('approve-once') }),
  Type.Object({ kind: Type.Literal('deny') }),
  Type.Object({ kind: Type.Literal('answer'), text: Type.String() }),
]);

/** The user's answer to a provider interaction. */
export type ProviderInteractionResponse = Static<typeof ProviderInteractionResponseSchema>;

/** Why a response does not fit its interaction. */
export type ProviderInteractionResponseError =
  | { readonly kind: 'empty-answer'; readonly message: string }
  | { readonly kind: 'invalid-answer'; readonly max: number; readonly message: string }
  | { readonly kind: 'answer-requires-question'; readonly message: string }
  | { readonly kind: 'approval-requires-approval'; readonly message: string };

/** One factory per {@link ProviderInteractionResponseError} variant, with the upstream wording. */
export const ProviderInteractionResponseError = {
  emptyAnswer: (): ProviderInteractionResponseError => ({
    kind: 'empty-answer',
    message: 'interaction answer is empty; pass an answer',
  }),
  invalidAnswer: (max: number): ProviderInteractionResponseError => ({
    kind: 'invalid-answer',
    max,
    message: `interaction answer contains controls or exceeds ${max} bytes; remove the controls or shorten it`,
  }),
  answerRequiresQuestion: (): ProviderInteractionResponseError => ({
    kind: 'answer-requires-question',
    message:
      'an answer response requires a question interaction; answer approvals with approve or deny',
  }),
  approvalRequiresApproval: (): ProviderInteractionResponseError => ({
    kind: 'approval-requires-approval',
    message:
      'an approve-once response requires an approval interaction; answer questions with an answer',
  }),
};

const OUTCOME = {
  'approve-once': 'approved',
  deny: 'denied',
  answer: 'answered',
} as const satisfies Record<ProviderInteractionResponseKind, ProviderInteractionOutcome>;

/** Kind, outcome and fit check of {@link ProviderInteractionResponse}. */
export const ProviderInteractionResponse = {
  schema: ProviderInteractionResponseSchema,
  /** The response kind of the same name. */
  kind(response: ProviderInteractionResponse): ProviderInteractionResponseKind {
    return response.kind;
  },
  /** `approve-once` → approved, `deny` → denied, `answer` → answered. */
  outcome(response: ProviderInteractionResponse): ProviderInteractionOutcome {
    return OUTCOME[response.kind];
  },
  /**
   * Approvals take approve-once or deny; questions take deny or a non-blank answer of at most
   * 32 768 bytes without controls other than `\n \r \t`.
   */
  validateFor(
    response: ProviderInteractionResponse,
    interactionKind: ProviderInteractionKind,
  ): Result<void, ProviderInteractionResponseError> {
    if (response.kind === 'deny') return ok(undefined);
    if (response.kind === 'approve-once') {
      return interactionKind === 'approval'
        ? ok(undefined)
        : err(ProviderInteractionResponseError.approvalRequiresApproval());
    }
    if (interactionKind === 'approval') {
      return err(ProviderInteractionResponseError.answerRequiresQuestion());
    }
    if (isBlank(response.text)) return err(ProviderInteractionResponseError.emptyAnswer());
    if (
      utf8ByteLength(response.text) > PROVIDER_INTERACTION_RESPONSE_MAX_BYTES ||
      hasNonTextControlChar(response.text)
    ) {
      return err(
        ProviderInteractionResponseError.invalidAnswer(PROVIDER_INTERACTION_RESPONSE_MAX_BYTES),
      );
    }
    return ok(undefined);
  },
};

/** @deprecated use {@link ProviderInteractionResponseError} (one error-factory naming, CONTRIBUTING.md). */
export const providerInteractionResponseError = ProviderInteractionResponseError;
