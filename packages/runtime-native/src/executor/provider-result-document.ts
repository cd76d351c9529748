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
// that is not such a document (too large, not UTF-8, not JSON, not matching the schema, or failing
// the tool protocol's own validation) becomes a provider-contract-violation failure with a fixed
// message: a schema violation names the field, but paths can carry a child's own keys, so they
// stay out of completions.
import {
  CapabilityObservation,
  CapabilityResult,
  CapabilityResultDelivery,
  ToolFailureKindSchema,
} from '@gate4agent/tool-protocol';
import {
  createWireCodec,
  Nullable,
  type Result,
  SafeIntegerSchema,
  type SchemaViolation,
} from '@gate4agent/types';
import Type, { type Static } from 'typebox';

const BASE64 = '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$';

/** TypeBox schema of {@link ProviderResultBody}. */
export const ProviderResultBodySchema = Type.Union([
  Type.Object({ kind: Type.Literal('text'), text: Type.String() }, { additionalProperties: false }),
  Type.Object(
    { kind: Type.Literal('base64'), base64: Type.String({ pattern: BASE64 }) },
    { additionalProperties: false },
  ),
  Type.Object(
    { kind: Type.Literal('reference'), reference: Type.String(), byteLen: SafeIntegerSchema },
    { additionalProperties: false },
  ),
]);

/** The body of a successful result: UTF-8 text, base64 bytes, or an opaque reference. */
export type ProviderResultBody = Static<typeof ProviderResultBodySchema>;

/**
 * TypeBox schema of {@link ProviderResultDocument}: kind-tagged, unknown keys rejected; a missing
 * `mediaType`, `summary` or `message` decodes as `null`, a missing `truncated` as `false`.
 */
export const ProviderResultDocumentSchema = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('succeeded'),
      body: ProviderResultBodySchema,
      mediaType: Nullable(Type.String()),
      summary: Nullable(Type.String()),
      truncated: Type.Boolean({ default: false }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('failed'),
      failureKind: ToolFailureKindSchema,
      message: Nullable(Type.String()),
    },
    { additionalProperties: false },
  ),
]);

/** The JSON document a provider child writes to stdout as its result (optional fields filled). */
export type ProviderResultDocument = Static<typeof ProviderResultDocumentSchema>;

/** The wire codec of the result document; violations name the offending field. */
export const ProviderResultDocumentCodec = createWireCodec(
  'ProviderResultDocument',
  ProviderResultDocumentSchema,
);

/** Checks parsed JSON against the result protocol, naming the first offending field. */
export function decodeProviderResultDocument(
  value: unknown,
): Result<ProviderResultDocument, SchemaViolation> {
  return ProviderResultDocumentCodec.decode(value);
}

/** Checks parsed JSON against the result protocol; `null` when it does not match. */
export function parseProviderResultDocument(value: unknown): ProviderResultDocument | null {
  const decoded = decodeProviderResultDocument(value);
  return decoded.ok ? decoded.value : null;
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
      redactedMessage: document.message,
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
    mediaType: document.mediaType,
    truncated: document.truncated,
    redactedSummary: document.summary,
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
