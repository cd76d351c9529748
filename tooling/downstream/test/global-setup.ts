// Packs every published package once per run; the suites share the tarballs through `inject`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { packTarballs } from '../src/pack-tarballs.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Each published package's packed tarball, by package name. */
    tarballs: Record<string, string>;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'gate4agent-downstream-pack-'));
  project.provide('tarballs', packTarballs(dir));
  return () => rmSync(dir, { recursive: true, force: true });
}
