import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  AgentInstanceId,
  CommandId,
  createWireCodec,
  Gate4AgentError,
  OperationId,
  ProviderInteractionId,
  SessionGeneration,
  unwrap,
  unwrapErr,
} from '../../src/index.js';

const factories = [
  ['AgentInstanceId', AgentInstanceId],
  ['CommandId', CommandId],
  ['OperationId', OperationId],
  ['SessionGeneration', SessionGeneration],
  ['ProviderInteractionId', ProviderInteractionId],
] as const;

describe.each(factories)('%s', (name, factory) => {
  it('accepts 0 and Number.MAX_SAFE_INTEGER, the u64 stand-in', () => {
    expect(factory.of(0)).toBe(0);
    expect(factory.of(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(factory.is(Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it('throws invalid-numeric-id one above the limit, below zero, or for a fraction', () => {
    for (const bad of [
      Number.MAX_SAFE_INTEGER + 1,
      -1,
      1.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(() => factory.of(bad)).toThrowError(Gate4AgentError);
      expect(() => factory.of(bad)).toThrowError(
        expect.objectContaining({ kind: 'invalid-numeric-id' }),
      );
      expect(factory.is(bad)).toBe(false);
    }
    expect(() => factory.of(-1)).toThrowError(new RegExp(`^${name} must be an integer`));
  });

  it('decodes as a bare JSON number and names a bad one', () => {
    const codec = createWireCodec('Holder', Type.Object({ id: factory.schema }));
    expect(unwrap(codec.decode({ id: 4_401 }))).toEqual({ id: 4_401 });
    for (const bad of [-1, 1.0000001, 2 ** 53, '1', null]) {
      expect(unwrapErr(codec.decode({ id: bad })).path).toBe('/id');
    }
  });
});
