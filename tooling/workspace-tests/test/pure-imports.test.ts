// ARCHITECTURE decision 19: the pure packages' sources and built output import no Node built-in
// and reference neither Buffer nor process, so they load with web globals only.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './workspace.mjs';

/** The packages that must run anywhere (ARCHITECTURE "Packages"; decision 19). */
const PURE_PACKAGES = [
  'types',
  'tool-protocol',
  'tool-engine',
  'kernel',
  'handle',
  'agent-catalog',
];

const BUILTINS = new Set(builtinModules);

/** Whether a module specifier names a Node built-in: `node:x`, or a bare `fs`, `util/types`, … */
function isNodeBuiltin(specifier: string): boolean {
  return (
    specifier.startsWith('node:') ||
    BUILTINS.has(specifier) ||
    BUILTINS.has(specifier.split('/')[0] ?? '')
  );
}

/**
 * Splits JavaScript / TypeScript text into its code without comments (strings kept, for import
 * specifiers) and its code without comments or strings (for identifiers). A small scanner, not a
 * parser: it knows comments, quotes, template literals (whose `${…}` parts stay code) and regex
 * literals, which is all the difference needs.
 */
function scan(code: string): { withStrings: string; codeOnly: string } {
  let withStrings = '';
  let codeOnly = '';
  let index = 0;
  let lastSignificant = '';
  const templateDepths: number[] = [];
  let braceDepth = 0;
  const emit = (text: string, isString: boolean) => {
    withStrings += text;
    codeOnly += isString ? ' ' : text;
  };
  const readQuoted = (quote: string) => {
    const start = index;
    index += 1;
    while (index < code.length && code[index] !== quote && code[index] !== '\n') {
      index += code[index] === '\\' ? 2 : 1;
    }
    index += 1;
    emit(code.slice(start, index), true);
  };
  const readTemplate = () => {
    // From just after a backtick or a closing `}` of `${…}`, up to the next backtick or `${`.
    const start = index;
    while (index < code.length && code[index] !== '`') {
      if (code[index] === '\\') index += 2;
      else if (code[index] === '$' && code[index + 1] === '{') {
        emit(code.slice(start, index), true);
        index += 2;
        emit('${', false);
        templateDepths.push(braceDepth);
        braceDepth += 1;
        return;
      } else index += 1;
    }
    index += 1;
    emit(code.slice(start, index), true);
  };
  while (index < code.length) {
    const char = code[index] ?? '';
    const next = code[index + 1] ?? '';
    if (char === '/' && next === '/') {
      while (index < code.length && code[index] !== '\n') index += 1;
    } else if (char === '/' && next === '*') {
      const end = code.indexOf('*/', index + 2);
      index = end < 0 ? code.length : end + 2;
      emit(' ', false);
    } else if (char === "'" || char === '"') {
      readQuoted(char);
      lastSignificant = 'a';
    } else if (char === '`') {
      emit('`', true);
      index += 1;
      readTemplate();
      lastSignificant = 'a';
    } else if (
      char === '/' &&
      (lastSignificant === '' || '(,=:[!&|?{};+-*%<>~^'.includes(lastSignificant))
    ) {
      const start = index;
      index += 1;
      let inClass = false;
      while (index < code.length && code[index] !== '\n') {
        const c = code[index];
        if (c === '\\') index += 1;
        else if (c === '[') inClass = true;
        else if (c === ']') inClass = false;
        else if (c === '/' && !inClass) break;
        index += 1;
      }
      index += 1;
      emit(code.slice(start, index), true);
      lastSignificant = 'a';
    } else {
      if (char === '{') braceDepth += 1;
      if (char === '}') {
        braceDepth -= 1;
        if (templateDepths.length > 0 && templateDepths[templateDepths.length - 1] === braceDepth) {
          templateDepths.pop();
          emit('}', false);
          index += 1;
          readTemplate();
          lastSignificant = 'a';
          continue;
        }
      }
      emit(char, false);
      if (!/\s/.test(char)) lastSignificant = /[\w$]/.test(char) ? 'a' : char;
      index += 1;
    }
  }
  return { withStrings, codeOnly };
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;
const NODE_GLOBAL = /(?<![.\w$#])(Buffer|process)\b(?!\s*:)/g;

/** What in one file breaks purity: Node built-in imports and `Buffer` / `process` references. */
function purityViolations(code: string): string[] {
  const found: string[] = [];
  const { withStrings, codeOnly } = scan(code);
  for (const match of withStrings.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? '';
    if (isNodeBuiltin(specifier)) found.push(`imports ${specifier}`);
  }
  for (const match of codeOnly.matchAll(NODE_GLOBAL)) found.push(`references ${match[1]}`);
  return found;
}

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the purity scanner', () => {
  it('finds node: and bare built-in imports, require and dynamic import', () => {
    expect(purityViolations("import { inspect } from 'node:util';")).toEqual(['imports node:util']);
    expect(purityViolations('import fs from \'fs\';\nexport * from "path";')).toEqual([
      'imports fs',
      'imports path',
    ]);
    expect(purityViolations("const t = await import('util/types'); require('os');")).toEqual([
      'imports util/types',
      'imports os',
    ]);
  });

  it('finds Buffer and process, but not in comments, members or property keys', () => {
    expect(purityViolations('const n = Buffer.byteLength(s);')).toEqual(['references Buffer']);
    expect(purityViolations('if (process.platform === "win32") {}')).toEqual([
      'references process',
    ]);
    expect(
      purityViolations('// process.platform\n/* Buffer */ x.process; ({ process: 1 });'),
    ).toEqual([]);
    expect(purityViolations("import { x } from '@gate4agent/types';")).toEqual([]);
    expect(
      purityViolations(
        "export * from './process/env.js'; const k = 'process-exited'; /'/.test(x);",
      ),
    ).toEqual([]);
    const templateSource = 'const m = `pid $' + '{process.pid}`;';
    expect(purityViolations(templateSource)).toEqual(['references process']);
  });
});

describe('pure packages import no Node built-in and use no Buffer or process', () => {
  for (const name of PURE_PACKAGES) {
    const dir = join(root, 'packages', name);
    it(`${name}: src and dist`, () => {
      const sources = filesUnder(join(dir, 'src'), (file) => file.endsWith('.ts'));
      const built = filesUnder(join(dir, 'dist'), (file) => /\.(js|d\.ts)$/.test(file));
      expect(sources.length, `${name} has sources`).toBeGreaterThan(0);
      expect(built.length, `${name} is built (run the build first)`).toBeGreaterThan(0);
      const violations = [...sources, ...built].flatMap((file) =>
        purityViolations(readFileSync(file, 'utf8')).map(
          (violation) => `${relative(root, file)} ${violation}`,
        ),
      );
      expect(violations).toEqual([]);
    });
  }
});
