/** Why a session-option adapter refused a selection (the launch subset of upstream's errors). */
export type SessionOptionAdapterError =
  | { readonly kind: 'unsupported-adapter'; readonly adapterId: string; readonly message: string }
  | { readonly kind: 'invalid-value'; readonly message: string }
  | { readonly kind: 'invalid-option-id'; readonly message: string }
  | { readonly kind: 'reserved-model-option'; readonly message: string }
  | { readonly kind: 'too-many-values'; readonly message: string }
  | { readonly kind: 'invalid-value-type'; readonly optionId: string; readonly message: string };

/** One factory per {@link SessionOptionAdapterError} variant, with a plain-English message. */
export const SessionOptionAdapterError = {
  unsupportedAdapter: (adapterId: string): SessionOptionAdapterError => ({
    kind: 'unsupported-adapter',
    adapterId,
    message: `session-option adapter is unavailable for ${adapterId}; register the adapter or launch without session options`,
  }),
  invalidValue: (): SessionOptionAdapterError => ({
    kind: 'invalid-value',
    message:
      'session-option value is empty, contains controls, or exceeds its bound; pass a short single-line value',
  }),
  invalidOptionId: (): SessionOptionAdapterError => ({
    kind: 'invalid-option-id',
    message:
      'session-option ID is empty, contains controls, or exceeds its bound; pass a short single-line ID',
  }),
  reservedModelOption: (): SessionOptionAdapterError => ({
    kind: 'reserved-model-option',
    message:
      'session-option selection cannot store a second model field; set the model through the model field only',
  }),
  tooManyValues: (): SessionOptionAdapterError => ({
    kind: 'too-many-values',
    message: 'session-option selection exceeds the value count bound; pass fewer values',
  }),
  invalidValueType: (optionId: string): SessionOptionAdapterError => ({
    kind: 'invalid-value-type',
    optionId,
    message: `session option ${optionId} has the wrong value type; pass a value of the type the catalog lists`,
  }),
};

/** @deprecated use {@link SessionOptionAdapterError} (one error-factory naming, CONTRIBUTING.md). */
export const sessionOptionAdapterError = SessionOptionAdapterError;
