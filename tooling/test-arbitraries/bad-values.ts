// Arbitraries of values no entry point may accept: numbers that are not safe non-negative
// integers, strings that break the id and text rules, wrong types and unknown kinds.
import fc from 'fast-check';

/** The fixed seed of every bad-input suite; printed so a failure can be replayed. */
export const BAD_INPUT_SEED = 0x6a7e_4a61;

/** Runs per bad-input property (at least 1 000, as the hard-boundary issue asks). */
export const BAD_INPUT_RUNS = Number(process.env.G4A_BAD_INPUT_RUNS ?? 1_000);

/** NaN, ±Infinity, negative, fractional and beyond Number.MAX_SAFE_INTEGER. */
export const badNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    -1,
    0.5,
    Number.MAX_SAFE_INTEGER + 1,
    2 ** 60,
    Number.MAX_VALUE,
  ),
  fc.integer({ min: -(2 ** 31), max: -1 }),
  fc.double({ min: 0.000_1, max: 1e6, noNaN: true }).filter((value) => !Number.isInteger(value)),
  fc.double({ min: 2 ** 53, max: 2 ** 70, noNaN: true }),
);

/** A string of `count` characters that take `width` UTF-8 bytes each. */
function repeatWide(width: 1 | 2 | 3 | 4, count: number): string {
  const character = { 1: 'a', 2: 'é', 3: '€', 4: '😀' }[width];
  return character.repeat(count);
}

/** Strings over `maxBytes` UTF-8 bytes built from 2-, 3- and 4-byte characters. */
export function overLength(maxBytes: number): fc.Arbitrary<string> {
  return fc
    .constantFrom(2 as const, 3 as const, 4 as const)
    .map((width) => repeatWide(width, Math.floor(maxBytes / width) + 1));
}

/** Control characters, lone surrogates and blank strings. */
export const badText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('a\nb', 'a\u0000b', '\u007f', 'tab\there', 'x\u0085'),
  fc.constantFrom('\ud800', 'a\udc00b', '\udbff'),
  fc.constantFrom('', ' ', '\t', '\u3000'),
);

/** Values of the wrong JavaScript type for a field that expects a number, string or bytes. */
export const wrongType: fc.Arbitrary<unknown> = fc.constantFrom(
  null,
  undefined,
  true,
  {},
  [],
  '7',
  [1, 2, 3],
  Uint8Array.of(1),
  { kind: 'unknown-kind' },
);

/** Every bad scalar in one place: bad numbers and wrong types. */
export const badScalar: fc.Arbitrary<unknown> = fc.oneof(badNumber, wrongType);

/** A plain clone of `value` with the field at `path` replaced (Uint8Arrays kept as they are). */
export function withField(value: unknown, path: readonly string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const source = value as Record<string, unknown>;
  const copy: Record<string, unknown> = Array.isArray(value)
    ? ([...value] as unknown as Record<string, unknown>)
    : { ...source };
  copy[head!] = withField(source[head!], rest, replacement);
  return copy;
}
