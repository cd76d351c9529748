// JSON Schema for other languages. Refinements and codecs are non-enumerable in TypeBox, so a
// JSON round trip keeps only standard keywords; a bounded id (ASCII only, so characters are
// bytes) gets its exact rule back as `pattern` and `maxLength`.
import type { TSchema } from 'typebox';
import { BOUNDED_ID_KEYWORD } from '../id/bounded-id.js';

/** The pattern every bounded id matches (non-empty, `A–Z a–z 0–9 - _ . : /`). */
export const BOUNDED_ID_PATTERN = '^[A-Za-z0-9._:/-]+$';

function rewrite(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewrite);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === BOUNDED_ID_KEYWORD && typeof value === 'number') {
      out.minLength = 1;
      out.maxLength = value;
      out.pattern = BOUNDED_ID_PATTERN;
    } else {
      out[key] = rewrite(value);
    }
  }
  return out;
}

/** A plain JSON Schema (draft 2020-12, as TypeBox 1 emits it) of `schema`, titled `name`. */
export function toJsonSchema(name: string, schema: TSchema): Record<string, unknown> {
  const plain = rewrite(JSON.parse(JSON.stringify(schema))) as Record<string, unknown>;
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', title: name, ...plain };
}
