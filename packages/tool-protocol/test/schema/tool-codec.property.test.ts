// The codecs' one-pass walk against the reference pipeline (scan, defaults, TypeBox `Check`, key
// removal, codecs, then the redaction hooks), for every codec of @gate4agent/types and of this
// package: both accept with the same value (prototypes, key order and byte arrays included) or
// both refuse with the same violation, and neither touches its input.
import { isDeepStrictEqual } from 'node:util';
import { BAD_INPUT_SEED } from '@gate4agent/test-arbitraries';
import * as types from '@gate4agent/types';
import { createWireCodec, type WireCodec, type WireCodecHooks } from '@gate4agent/types';
import fc from 'fast-check';
import type { TSchema } from 'typebox';
import { describe, expect, it } from 'vitest';
import * as toolProtocol from '../../src/index.js';
import { isRedacted } from '../../src/index.js';
import { REDACTION_HOOKS } from '../../src/redaction/redacted-schema.js';
import { valuesOf } from '../support/schema-values.js';

const RUNS = Number(process.env.G4A_WALK_RUNS ?? 150);

type AnyCodec = WireCodec<TSchema>;

function codecsOf(module: Record<string, unknown>): [string, AnyCodec][] {
  const found: [string, AnyCodec][] = [];
  for (const [name, exported] of Object.entries(module)) {
    for (const candidate of [exported, (exported as { codec?: unknown } | null)?.codec]) {
      if (typeof (candidate as AnyCodec | undefined)?.checkValue === 'function') {
        found.push([name, candidate as AnyCodec]);
      }
    }
  }
  return found;
}

/** Everything a deep-equal may overlook: key order, prototypes, `-0`, byte array types. */
function anatomy(value: unknown): unknown {
  if (value instanceof Uint8Array) {
    return { bytes: [...value], plain: Object.getPrototypeOf(value) === Uint8Array.prototype };
  }
  if (Array.isArray(value)) return { array: value.map(anatomy) };
  if (typeof value === 'object' && value !== null) {
    const prototype = Object.getPrototypeOf(value);
    return {
      prototype: isRedacted(value)
        ? 'redacted'
        : prototype === Object.prototype
          ? 'plain'
          : 'other',
      entries: Object.keys(value).map((key) => [
        key,
        anatomy((value as Record<string, unknown>)[key]),
      ]),
    };
  }
  if (Object.is(value, -0)) return '-0';
  return value;
}

/** Every object (containers and byte arrays) inside `value`. */
function objectsIn(value: unknown, into = new Set<object>()): Set<object> {
  if (typeof value !== 'object' || value === null || into.has(value)) return into;
  into.add(value);
  if (!(value instanceof Uint8Array)) {
    for (const entry of Object.values(value)) objectsIn(entry, into);
  }
  return into;
}

// The violation without the codec's name (the reference twin is built under another name).
const unnamed = (error: { path: string; message: string }) => ({
  path: error.path,
  message: error.message.replace(/^\S+/, ''),
});

function expectSameCheck(codec: AnyCodec, reference: AnyCodec, value: unknown): boolean {
  const before = anatomy(value);
  const fast = codec.checkValue(value);
  const slow = reference.checkValue(value);
  expect(anatomy(value)).toEqual(before);
  expect(fast.ok).toBe(slow.ok);
  if (fast.ok && slow.ok) {
    expect(isDeepStrictEqual(fast.value, slow.value)).toBe(true);
    expect(anatomy(fast.value)).toEqual(anatomy(slow.value));
    // A fresh copy: nothing of the input (no container, no byte array) is shared with it.
    const inputs = objectsIn(value);
    expect([...objectsIn(fast.value)].filter((entry) => inputs.has(entry))).toEqual([]);
  } else if (!fast.ok && !slow.ok) {
    expect(unnamed(fast.error)).toEqual(unnamed(slow.error));
  }
  return fast.ok;
}

const NO_HOOKS: WireCodecHooks = { hookOf: () => null, hookTree: () => {}, revision: () => 0 };

// A compiled codec that counts the values its walk leaves to the reference pipeline.
function counted(schema: TSchema, hooks: WireCodecHooks) {
  const counter = { fallbacks: 0 };
  const codec = createWireCodec('Counted', schema, {
    hooks: {
      ...hooks,
      hookTree(node, value) {
        counter.fallbacks += 1;
        hooks.hookTree(node, value);
      },
    },
  });
  return { codec, counter };
}

const suites: [string, [string, AnyCodec][], WireCodecHooks][] = [
  ['@gate4agent/types', codecsOf(types), NO_HOOKS],
  ['@gate4agent/tool-protocol', codecsOf(toolProtocol), REDACTION_HOOKS],
];

for (const [pkg, codecs, hooks] of suites) {
  describe(`the one-pass walk of every ${pkg} codec agrees with the reference pipeline`, () => {
    it('finds the codecs', () => {
      expect(codecs.length).toBeGreaterThan(pkg === '@gate4agent/types' ? 10 : 25);
    });
    for (const [name, codec] of codecs) {
      it(name, () => {
        const reference = createWireCodec('Reference', codec.schema, {
          hooks,
          walk: 'reference',
        });
        const { codec: compiled, counter } = counted(codec.schema, hooks);
        let accepted = 0;
        fc.assert(
          fc.property(fc.oneof(valuesOf(codec.schema, 0), valuesOf(codec.schema, 4)), (value) => {
            expectSameCheck(codec, reference, value);
            if (expectSameCheck(compiled, reference, value)) accepted += 1;
          }),
          { seed: BAD_INPUT_SEED, numRuns: RUNS },
        );
        // Most accepted values were accepted by the walk itself, not by the reference behind it.
        expect(accepted - counter.fallbacks).toBeGreaterThan(accepted / 2);
      });
    }
  });
}
