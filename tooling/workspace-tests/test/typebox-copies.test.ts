// The published packages inline the TypeBox code they run (tooling/scripts/bundle.mjs), so a
// user's own `typebox` is another copy. TypeBox 1 marks schemas with plain `~kind` keys rather than
// symbols or classes, so schemas cross between copies both ways: the built packages are imported
// here through their package names, and `typebox` is this package's own dependency.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createWireCodec,
  LaunchSpecSchema,
  ProcessMatcherSchema,
  SafeIntegerSchema,
} from '@gate4agent/types';
import Type from 'typebox';
import { Compile } from 'typebox/schema';
import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { workspacePackages } from './workspace.mjs';

describe('schemas built by the inlined TypeBox, used by a user’s own typebox', () => {
  it('embed in a user’s Type.Object that the user’s typebox/schema compiles', () => {
    const user = Type.Object({ count: SafeIntegerSchema, launch: LaunchSpecSchema });
    const validator = Compile(user);
    expect(validator.Check({ count: 3, launch: { program: 'claude', fixedArgs: [] } })).toBe(true);
    expect(validator.Check({ count: -1, launch: { program: 'claude', fixedArgs: [] } })).toBe(
      false,
    );
    expect(validator.Check({ count: 3, launch: { program: 'claude' } })).toBe(false);
  });

  it('take part in the user’s type actions and Value functions', () => {
    const partial = Type.Partial(LaunchSpecSchema);
    expect(Value.Check(partial, {})).toBe(true);
    expect(Value.Check(partial, { fixedArgs: [1] })).toBe(false);
    const picked = Type.Pick(LaunchSpecSchema, ['program']);
    expect(Object.keys(picked.properties)).toEqual(['program']);
    expect(Value.Check(ProcessMatcherSchema, { kind: 'prefix', prefix: 'cla' })).toBe(true);
    expect(Value.Check(ProcessMatcherSchema, { kind: 'prefix', name: 'cla' })).toBe(false);
  });
});

describe('a user’s schema, checked by our validators', () => {
  const user = Type.Object({
    name: Type.String({ minLength: 1 }),
    at: Type.Codec(Type.String())
      .Decode((text) => new Date(text))
      .Encode((date: Date) => date.toISOString()),
    retries: Type.Optional(Type.Integer({ minimum: 0, default: 2 })),
  });
  const codec = createWireCodec('UserTask', user);

  it('decodes valid input with the user’s codec and default applied', () => {
    const decoded = codec.decode({ name: 'build', at: '2026-01-02T03:04:05.000Z' });
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.value.at).toBeInstanceOf(Date);
    expect(decoded.value.at.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(decoded.value.retries).toBe(2);
    expect(codec.encode(decoded.value)).toEqual({
      name: 'build',
      at: '2026-01-02T03:04:05.000Z',
      retries: 2,
    });
  });

  it('rejects invalid input with the offending field', () => {
    const decoded = codec.decode({ name: '', at: '2026-01-02T03:04:05.000Z' });
    expect(decoded).toEqual({
      ok: false,
      error: expect.objectContaining({
        kind: 'schema-violation',
        schema: 'UserTask',
        path: '/name',
      }),
    });
  });
});

describe('the built packages', () => {
  it('never import typebox at run time: it is inlined, and typebox stays for the declarations', () => {
    const importing: string[] = [];
    for (const { dir, manifest } of workspacePackages('packages')) {
      const dist = join(dir, 'dist');
      for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.js')) continue;
        if (
          /\bfrom\s*["']typebox(?:\/[\w/]+)?["']|\bimport\(\s*["']typebox/.test(
            readFileSync(join(dist, file), 'utf8'),
          )
        ) {
          importing.push(`${manifest.name} dist/${file}`);
        }
      }
    }
    expect(importing).toEqual([]);
  });
});
