// Decision 18, checked for every error kind of every package: each factory builds its variant
// with a message that names what to do, carries no Rust Debug syntax, is not a bare kind, and
// names the values it was given. A factory added without a sample here fails the first check.
import { describe, expect, it } from 'vitest';
import { agentCatalogFamilies } from './error-messages/agent-catalog-families.js';
import { catalogFamilies } from './error-messages/catalog-families.js';
import { coreFamilies } from './error-messages/core-families.js';
import { edgeFamilies } from './error-messages/edge-families.js';
import type { ErrorFamily, KindedMessage, Sample } from './error-messages/error-family.js';
import { fleetFamilies } from './error-messages/fleet-families.js';
import { mcpFamilies } from './error-messages/mcp-families.js';
import { nativeFamilies } from './error-messages/native-families.js';
import { webFamilies } from './error-messages/web-families.js';

const families: readonly ErrorFamily[] = [
  ...coreFamilies,
  ...edgeFamilies,
  ...catalogFamilies,
  ...agentCatalogFamilies,
  ...nativeFamilies,
  ...fleetFamilies,
  ...mcpFamilies,
  ...webFamilies,
];

/**
 * The imperative verbs a message may use to say what to do. A message names at least one of
 * them as a whole word (after a `;`, `:` or `.` usually: "…; retire it first").
 */
const HINT_VERBS = [
  'add',
  'answer',
  'attach',
  'await',
  'bind',
  'break',
  'build',
  'call',
  'check',
  'choose',
  'clear',
  'close',
  'complete',
  'contribute',
  'correct',
  'create',
  'detach',
  'drain',
  'enable',
  'fill',
  'give',
  'grant',
  'install',
  'invoke',
  'launch',
  'list',
  'load',
  'lower',
  'make',
  'merge',
  'narrow',
  'open',
  'pass',
  'publish',
  'raise',
  'read',
  'rebuild',
  'reduce',
  'register',
  'remove',
  'rename',
  'report',
  'resolve',
  'restart',
  'retire',
  'retry',
  'return',
  'reuse',
  'revoke',
  'run',
  'send',
  'set',
  'shorten',
  'split',
  'stage',
  'start',
  'stay',
  'stop',
  'use',
  'wait',
];
const HINT = new RegExp(`\\b(${HINT_VERBS.join('|')})\\b`, 'i');

/**
 * Messages that say nothing a caller can act on, each with why. Keep this list short: a new
 * entry needs a reason a reviewer accepts.
 */
const NO_HINT_ALLOWED: Readonly<Record<string, string>> = {
  // The ported upstream test logical_tick_exhaustion_is_correlated_and_fail_closed compares
  // this exact upstream text.
  'kernel KernelIntegrationError/logicalTickExhausted': 'upstream wording kept',
};

/** Rust Debug renderings: `Name { field: … }`, `Newtype(…)`, `{ field: … }`. */
const DEBUG_SYNTAX = /[A-Z][A-Za-z]* \{ |\b[A-Z][A-Za-z]+\(["\d]|\{ [a-z_]+: /;

function argsOf(sample: Sample): readonly unknown[] {
  return Array.isArray(sample) ? sample : (sample as { args: readonly unknown[] }).args;
}

function valuesOf(sample: Sample): string[] {
  if (!Array.isArray(sample)) return [...(sample as { values: readonly string[] }).values];
  const out: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string' || typeof value === 'number') out.push(String(value));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') {
      const nested = value as Partial<KindedMessage>;
      if (typeof nested.kind === 'string' && typeof nested.message === 'string') {
        out.push(nested.message);
        return;
      }
      Object.values(value).forEach(walk);
    }
  };
  sample.forEach(walk);
  return out;
}

function build(family: ErrorFamily, key: string): KindedMessage {
  const factory = (family.factory as Record<string, (...args: unknown[]) => unknown>)[key]!;
  const error = factory(...argsOf(family.samples[key]!)) as {
    kind?: string;
    code?: string;
    message: string;
  };
  // NativeProviderOperationError is tagged by its executor-chosen `code`.
  return { kind: error.kind ?? error.code ?? '', message: error.message };
}

describe.each(families.map((family) => [family.name, family] as const))('%s', (_, family) => {
  const factoryKeys = Object.entries(family.factory)
    .filter(([, value]) => typeof value === 'function')
    .map(([key]) => key)
    .sort();

  it('has a sample for every factory, so a new kind cannot ship without a checked message', () => {
    expect(factoryKeys.length).toBeGreaterThan(0);
    expect(Object.keys(family.samples).sort()).toEqual(factoryKeys);
    if (family.kinds !== undefined) {
      const built = new Set(factoryKeys.map((key) => build(family, key).kind));
      expect([...built].sort()).toEqual([...family.kinds].sort());
    }
  });

  it.each(factoryKeys)('%s: says what to do, with its values, in plain English', (key) => {
    const error = build(family, key);
    expect(typeof error.kind).toBe('string');
    expect(error.message, `${key} has no message`).toBeTypeOf('string');
    const { message } = error;
    expect(message.trim().length).toBeGreaterThan(error.kind.length);
    expect(message).not.toBe(error.kind);
    expect(message, `${key} renders Rust Debug syntax`).not.toMatch(DEBUG_SYNTAX);
    if (NO_HINT_ALLOWED[`${family.name}/${key}`] === undefined) {
      expect(message, `${key} does not say what to do`).toMatch(HINT);
    }
    for (const value of valuesOf(family.samples[key]!)) {
      expect(message, `${key} does not name ${value}`).toContain(value);
    }
  });
});
