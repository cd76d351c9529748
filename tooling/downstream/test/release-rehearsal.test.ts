import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentKey } from '../src/release-rehearsal.js';

let base = '';
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'gate4agent-key-'));
  mkdirSync(join(base, 'pkg', 'dist'), { recursive: true });
  mkdirSync(join(base, 'pkg', 'node_modules', 'dep'), { recursive: true });
  mkdirSync(join(base, '.changeset'));
  writeFileSync(join(base, 'pkg', 'dist', 'index.js'), 'export {};\n');
  writeFileSync(join(base, 'pkg', 'node_modules', 'dep', 'index.js'), 'one\n');
  writeFileSync(join(base, '.changeset', 'a.md'), '---\n"pkg": patch\n---\n\nA fix.\n');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const key = (labels: string[] = ['tree abc']) =>
  contentKey(base, [join(base, '.changeset'), join(base, 'pkg')], labels);

describe('contentKey', () => {
  it('is the same for the same inputs', () => {
    expect(key()).toBe(key());
    expect(key()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with a built file, a changeset, a file name or a label', () => {
    const before = key();
    writeFileSync(join(base, 'pkg', 'dist', 'index.js'), 'export const a = 1;\n');
    const afterBuild = key();
    expect(afterBuild).not.toBe(before);
    writeFileSync(join(base, '.changeset', 'b.md'), '---\n"pkg": minor\n---\n\nMore.\n');
    const afterChangeset = key();
    expect(afterChangeset).not.toBe(afterBuild);
    rmSync(join(base, '.changeset', 'b.md'));
    writeFileSync(join(base, '.changeset', 'c.md'), '---\n"pkg": minor\n---\n\nMore.\n');
    expect(key()).not.toBe(afterChangeset);
    expect(key(['tree abd'])).not.toBe(key(['tree abc']));
  });

  it('ignores installed dependencies', () => {
    const before = key();
    writeFileSync(join(base, 'pkg', 'node_modules', 'dep', 'index.js'), 'two\n');
    expect(key()).toBe(before);
  });
});
