import { describe, expect, it } from 'vitest';
import {
  FenceInfoError,
  importedPackages,
  installLines,
  readmeBlocks,
} from '../src/readme-blocks.js';

const fence = '```';

describe('readmeBlocks', () => {
  it('reads each checked block with its line, language, mode and file', () => {
    const markdown = [
      '# pkg',
      `${fence}sh`,
      'npm install @gate4agent/types',
      fence,
      `${fence}ts`,
      "import { unwrap } from '@gate4agent/types';",
      fence,
      `${fence}ts no-run`,
      'await server.listen();',
      fence,
      `${fence}js file=providers/echo.mjs`,
      'process.stdout.write("{}");',
      fence,
      `${fence}text`,
      'prose',
      fence,
    ].join('\n');
    expect(readmeBlocks(markdown)).toEqual([
      { line: 2, language: 'sh', mode: 'run', file: null, code: 'npm install @gate4agent/types' },
      {
        line: 5,
        language: 'ts',
        mode: 'run',
        file: null,
        code: "import { unwrap } from '@gate4agent/types';",
      },
      { line: 8, language: 'ts', mode: 'no-run', file: null, code: 'await server.listen();' },
      {
        line: 11,
        language: 'js',
        mode: 'run',
        file: 'providers/echo.mjs',
        code: 'process.stdout.write("{}");',
      },
    ]);
  });

  it('refuses an unknown fence word, a fence without language and an unclosed fence', () => {
    expect(() => readmeBlocks(`${fence}ts norun\nx\n${fence}`)).toThrow(FenceInfoError);
    expect(() => readmeBlocks(`${fence}ts norun\nx\n${fence}`)).toThrow(
      /"norun" is not a fence word/,
    );
    expect(() => readmeBlocks(`${fence}\nx\n${fence}`)).toThrow(/names no language/);
    expect(() => readmeBlocks(`${fence}ts\nx\n`)).toThrow(/never closed/);
    expect(() => readmeBlocks(`${fence}js file=../x.mjs\nx\n${fence}`)).toThrow(
      /relative path inside/,
    );
  });
});

describe('importedPackages', () => {
  it('lists bare package names, subpaths folded, built-ins and relative paths left out', () => {
    const code = [
      "import { spawn } from 'node:child_process';",
      "import { a } from '@gate4agent/runtime-native/supervisor';",
      "import type { B } from '@gate4agent/types';",
      "import './local.js';",
      "const c = await import('typebox');",
      "import 'vitest';",
    ].join('\n');
    expect(importedPackages(code)).toEqual([
      '@gate4agent/runtime-native',
      '@gate4agent/types',
      'typebox',
      'vitest',
    ]);
  });
});

describe('installLines', () => {
  it('reads npm install lines with --save-dev, versions stripped', () => {
    expect(
      installLines('npm install @gate4agent/kernel @gate4agent/types@0.1.0 # the kernel\n'),
    ).toEqual({
      ok: true,
      lines: [{ packages: ['@gate4agent/kernel', '@gate4agent/types'], dev: false }],
    });
    expect(installLines('npm install --save-dev @gate4agent/testkit vitest')).toEqual({
      ok: true,
      lines: [{ packages: ['@gate4agent/testkit', 'vitest'], dev: true }],
    });
  });

  it('says why a shell block is not an install line', () => {
    expect(installLines('npm run demo')).toEqual({
      ok: false,
      reason: '"npm run demo" is not an npm install line',
    });
    expect(installLines('npm install -g pnpm')).toEqual({
      ok: false,
      reason: '"npm install -g pnpm" uses -g',
    });
    expect(installLines('# only a comment')).toEqual({
      ok: false,
      reason: 'the block has no command',
    });
  });
});
