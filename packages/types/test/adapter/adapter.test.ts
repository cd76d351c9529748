// Port of the inline tests of gate4agent-types src/adapter.rs, then the revision boundaries.
import { describe, expect, it } from 'vitest';
import {
  AdapterBinding,
  AdapterBindingError,
  AdapterBindingSchema,
  AdapterId,
  AdapterIdSchema,
  createWireCodec,
  MAX_ADAPTER_REVISION_LEN,
  ProviderSource,
  unwrap,
  unwrapErr,
} from '../../src/index.js';

describe('adapter.rs', () => {
  it('adapter_ids_are_extensible_and_wire_safe', () => {
    const id = AdapterId.of('grok-hook-v1');
    expect(id).toBe('grok-hook-v1');
    const codec = createWireCodec('AdapterId', AdapterIdSchema);
    const json = JSON.stringify(codec.encode(id));
    expect(unwrap(codec.decode(JSON.parse(json)))).toBe(id);
  });

  it('invalid_ids_and_revisions_are_rejected', () => {
    expect(unwrapErr(AdapterId.tryOf('Grok')).kind).toBe('invalid-characters');
    const id = AdapterId.of('grok');
    expect(unwrapErr(AdapterBinding.tryNew(id, '', 'reference')).kind).toBe('empty-revision');
  });
});

describe('AdapterBinding revision', () => {
  const id = AdapterId.of('grok');

  it('accepts exactly 256 bytes and rejects 257', () => {
    const atLimit = 'r'.repeat(MAX_ADAPTER_REVISION_LEN);
    expect(unwrap(AdapterBinding.tryNew(id, atLimit, 'reference')).revision).toBe(atLimit);
    expect(unwrapErr(AdapterBinding.tryNew(id, `${atLimit}r`, 'reference'))).toEqual(
      AdapterBindingError.revisionTooLong(MAX_ADAPTER_REVISION_LEN + 1, MAX_ADAPTER_REVISION_LEN),
    );
  });

  it('counts multi-byte revisions in bytes', () => {
    expect(unwrap(AdapterBinding.tryNew(id, 'ж'.repeat(128), 'reference')).revision).toHaveLength(
      128,
    );
    expect(unwrapErr(AdapterBinding.tryNew(id, `${'ж'.repeat(128)}x`, 'reference'))).toMatchObject({
      kind: 'revision-too-long',
      len: 257,
    });
  });

  it('rejects blank revisions with the Rust whitespace set', () => {
    for (const revision of ['', ' ', '\t\n', '\u0085', '\u3000']) {
      expect(unwrapErr(AdapterBinding.tryNew(id, revision, 'reference')).kind).toBe(
        'empty-revision',
      );
    }
    expect(unwrap(AdapterBinding.tryNew(id, '\ufeff', 'reference')).revision).toBe('\ufeff');
  });

  it('rejects control characters, quoting the revision', () => {
    expect(unwrapErr(AdapterBinding.tryNew(id, 'v1\u001b', 'reference'))).toEqual({
      kind: 'invalid-revision',
      revision: 'v1\u001b',
      message: 'adapter revision contains control characters: "v1\\u{1b}"; remove them',
    });
    expect(unwrapErr(AdapterBinding.tryNew(id, 'v1\nnext', 'reference')).kind).toBe(
      'invalid-revision',
    );
  });

  it('decodes a binding without checking the revision, as upstream; validate() does', () => {
    const codec = createWireCodec('AdapterBinding', AdapterBindingSchema);
    const binding = unwrap(
      codec.decode({ id: 'grok', revision: '', verification: 'vendor-canary' }),
    );
    expect(AdapterBinding.validate(binding)).toEqual({
      ok: false,
      error: AdapterBindingError.emptyRevision(),
    });
    expect(
      unwrapErr(codec.decode({ id: 'Grok', revision: '1', verification: 'reference' })).path,
    ).toBe('/id');
    expect(
      unwrapErr(codec.decode({ id: 'grok', revision: '1', verification: 'canary' })).path,
    ).toBe('/verification');
  });

  it('orders bindings and sources in field order with declaration-order enums', () => {
    const a = unwrap(AdapterBinding.tryNew(id, '2', 'vendor-canary'));
    const b = unwrap(AdapterBinding.tryNew(id, '2', 'reference'));
    const c = unwrap(AdapterBinding.tryNew(id, '10', 'vendor-canary'));
    expect([a, b, c].sort(AdapterBinding.compare)).toEqual([c, b, a]);
    const sources = [
      { family: 'hook', binding: b },
      { family: 'pty-semantic', binding: a },
      { family: 'pipe', binding: b },
    ] as const;
    expect([...sources].sort(ProviderSource.compare).map((source) => source.family)).toEqual([
      'pty-semantic',
      'pipe',
      'hook',
    ]);
  });
});
