// The result protocol of the child-process executor: the child writes ONE JSON document to stdout
// (UTF-8, at most the configured byte limit, trailing whitespace allowed) and closes it.
//
//   {"kind":"succeeded","body":{"kind":"text","text":"{}"},"mediaType":"application/json",
//    "summary":"one page","truncated":false}
//   {"kind":"succeeded","body":{"kind":"base64","base64":"e30="}}
//   {"kind":"succeeded","body":{"kind":"reference","reference":"blob:42","byteLen":1024}}
//   {"kind":"failed","failureKind":"execution","message":"page not found"}
//
// Unknown keys are rejected; omitted optional fields mean null (or false for `truncated`). Anything
// that is not such a document — too large, not UTF-8, not JSON, not matching, or failing the tool protocol's own validation — becomes a
// provider-contract-violation failure with a fixed message.
import {
  CapabilityObservation,
  CapabilityResult,
  CapabilityResultDelivery,
  type ToolFailureKind,
} from '@gate4agent/tool-protocol';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const FAILURE_KINDS: readonly ToolFailureKind[] = [
  'rejected',
  'unavailable',
  'invalid-input',
  'execution',
  'cancelled',
  'provider-contract-violation',
];

/** The body of a successful result: UTF-8 text, base64 bytes, or an opaque reference. */
export type ProviderResultBody =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'base64'; readonly base64: string }
  | { readonly kind: 'reference'; readonly reference: string; readonly byteLen: number };

/** The JSON document a provider child writes to stdout as its result. */
export type ProviderResultDocument =
  | {
      readonly kind: 'succeeded';
      readonly body: ProviderResultBody;
      readonly mediaType?: string | null;
      readonly summary?: string | null;
      readonly truncated?: boolean;
    }
  | {
      readonly kind: 'failed';
      readonly failureKind: ToolFailureKind;
      readonly message?: string | null;
    };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const onlyKeys = (value: Json, keys: readonly string[]): boolean =>
  Object.keys(value).every((key) => keys.includes(key));
const optionalText = (value: unknown): boolean =>
  value === undefined || value === null || typeof value === 'string';

function parseBody(value: unknown): ProviderResultBody | null {
  if (!isObject(value)) return null;
  if (
    value.kind === 'text' &&
    onlyKeys(value, ['kind', 'text']) &&
    typeof value.text === 'string'
  ) {
    return { kind: 'text', text: value.text };
  }
  if (
    value.kind === 'base64' &&
    onlyKeys(value, ['kind', 'base64']) &&
    typeof value.base64 === 'string' &&
    BASE64.test(value.base64)
  ) {
    return { kind: 'base64', base64: value.base64 };
  }
  if (
    value.kind === 'reference' &&
    onlyKeys(value, ['kind', 'reference', 'byteLen']) &&
    typeof value.reference === 'string' &&
    Number.isSafeInteger(value.byteLen) &&
    (value.byteLen as number) >= 0
  ) {
    return { kind: 'reference', reference: value.reference, byteLen: value.byteLen as number };
  }
  return null;
}

/** Checks parsed JSON against the result protocol; unknown keys are rejected. */
export function parseProviderResultDocument(value: unknown): ProviderResultDocument | null {
  if (!isObject(value)) return null;
  if (value.kind === 'succeeded') {
    if (!onlyKeys(value, ['kind', 'body', 'mediaType', 'summary', 'truncated'])) return null;
    const body = parseBody(value.body);
    if (body === null || !optionalText(value.mediaType) || !optionalText(value.summary))
      return null;
    if (value.truncated !== undefined && typeof value.truncated !== 'boolean') return null;
    return {
      kind: 'succeeded',
      body,
      mediaType: (value.mediaType as string | null | undefined) ?? null,
      summary: (value.summary as string | null | undefined) ?? null,
      truncated: (value.truncated as boolean | undefined) ?? false,
    };
  }
  if (value.kind === 'failed') {
    if (!onlyKeys(value, ['kind', 'failureKind', 'message'])) return null;
    const failureKind = FAILURE_KINDS.find((kind) => kind === value.failureKind);
    if (failureKind === undefined || !optionalText(value.message)) return null;
    return {
      kind: 'failed',
      failureKind,
      message: (value.message as string | null | undefined) ?? null,
    };
  }
  return null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function violation(message: string): CapabilityObservation {
  return CapabilityObservation.failed({
    kind: 'provider-contract-violation',
    redactedMessage: message,
  });
}

/** Maps a decoded document to the observation it stands for (not yet validated). */
export function providerResultObservation(document: ProviderResultDocument): CapabilityObservation {
  if (document.kind === 'failed') {
    return CapabilityObservation.failed({
      kind: document.failureKind,
      redactedMessage: document.message ?? null,
    });
  }
  const body = document.body;
  if (body.kind === 'reference') {
    return CapabilityObservation.succeeded(
      CapabilityResult.of({
        metadata: metadata(document, body.byteLen),
        delivery: CapabilityResultDelivery.opaqueReference(body.reference),
      }),
    );
  }
  const bytes =
    body.kind === 'text'
      ? new TextEncoder().encode(body.text)
      : new Uint8Array(Buffer.from(body.base64, 'base64'));
  return CapabilityObservation.succeeded(
    CapabilityResult.of({
      metadata: metadata(document, bytes.length),
      delivery: CapabilityResultDelivery.inline(bytes),
    }),
  );
}

function metadata(
  document: Extract<ProviderResultDocument, { kind: 'succeeded' }>,
  byteLen: number,
): CapabilityResult['metadata'] {
  return {
    byteLen,
    mediaType: document.mediaType ?? null,
    truncated: document.truncated ?? false,
    redactedSummary: document.summary ?? null,
  };
}

/**
 * Decodes a child's complete stdout (`null` when it exceeded `maxBytes`) into a valid observation;
 * never throws.
 */
export function decodeProviderResult(
  output: Uint8Array | null,
  maxBytes: number,
): CapabilityObservation {
  if (output === null || output.length > maxBytes) {
    return violation(`provider result exceeds ${maxBytes} bytes`);
  }
  let text: string;
  try {
    text = utf8.decode(output);
  } catch {
    return violation('provider result is not UTF-8');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return violation('provider result is not JSON');
  }
  const document = parseProviderResultDocument(parsed);
  if (document === null) return violation('provider result does not match the result protocol');
  const observation = providerResultObservation(document);
  if (!CapabilityObservation.validate(observation).ok) {
    return violation('provider result violates the tool protocol');
  }
  return observation;
}
