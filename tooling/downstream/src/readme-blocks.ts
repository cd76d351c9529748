// Extracts the fenced code blocks of a README with what their fence info says about them.

/** What the downstream tests do with a block, from its fence info (CONTRIBUTING.md). */
export type BlockMode = 'run' | 'no-run' | 'no-check';

/** The languages whose blocks are checked; other fences (text, diff, …) are prose. */
export const CHECKED_LANGUAGES = ['ts', 'js', 'sh', 'bash', 'json'] as const;

/** One checked language. */
export type BlockLanguage = (typeof CHECKED_LANGUAGES)[number];

/** One fenced code block of a README. */
export interface ReadmeBlock {
  /** The 1-based line of its opening fence. */
  readonly line: number;
  readonly language: BlockLanguage;
  readonly mode: BlockMode;
  /**
   * `file=<path>`: the block is a file the README's other blocks use (a provider program, a
   * config), written at that path relative to the directory the blocks run in, and not run itself.
   */
  readonly file: string | null;
  readonly code: string;
}

/** A fence info word or language the extractor does not know, with where it is. */
export class FenceInfoError extends Error {
  /** The 1-based line of the fence. */
  readonly line: number;
  /** The fence info as written. */
  readonly info: string;

  constructor(line: number, info: string, detail: string) {
    super(
      `the code fence at line ${line} says "${info}": ${detail}; write \`\`\`ts, \`\`\`ts no-run, \`\`\`ts no-check (or js, sh, bash, json) as CONTRIBUTING.md "README code blocks" describes`,
    );
    this.name = 'FenceInfoError';
    this.line = line;
    this.info = info;
  }
}

const MODES: readonly string[] = ['no-run', 'no-check'];

/** Every fenced block of a README in a checked language, in order. Throws {@link FenceInfoError}. */
export function readmeBlocks(markdown: string): ReadmeBlock[] {
  const lines = markdown.split('\n');
  const blocks: ReadmeBlock[] = [];
  let open: { line: number; fence: string; info: string; body: string[] } | null = null;
  for (const [index, text] of lines.entries()) {
    if (open === null) {
      const start = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(text);
      if (start !== null) {
        open = {
          line: index + 1,
          fence: start[2] ?? '```',
          info: (start[3] ?? '').trim(),
          body: [],
        };
      }
      continue;
    }
    if (
      text.trim().startsWith(open.fence) &&
      text.trim().replaceAll(open.fence[0] ?? '`', '') === ''
    ) {
      const block = parseBlock(open.line, open.info, open.body.join('\n'));
      if (block !== null) blocks.push(block);
      open = null;
      continue;
    }
    open.body.push(text);
  }
  if (open !== null) throw new FenceInfoError(open.line, open.info, 'the fence is never closed');
  return blocks;
}

function parseBlock(line: number, info: string, code: string): ReadmeBlock | null {
  const [language = '', ...words] = info.split(/\s+/).filter((word) => word !== '');
  if (language === '') throw new FenceInfoError(line, info, 'the block names no language');
  if (!(CHECKED_LANGUAGES as readonly string[]).includes(language)) return null;
  let mode: BlockMode = 'run';
  let file: string | null = null;
  for (const word of words) {
    if (MODES.includes(word)) mode = word as BlockMode;
    else if (word.startsWith('file=') && word.length > 'file='.length) file = word.slice(5);
    else throw new FenceInfoError(line, info, `"${word}" is not a fence word the tests know`);
  }
  if (file !== null && (file.startsWith('/') || file.split('/').includes('..'))) {
    throw new FenceInfoError(line, info, `file=${file} must be a relative path inside the project`);
  }
  return { line, language: language as BlockLanguage, mode, file, code };
}

/** The bare module specifiers a block imports (`node:` built-ins and relative paths left out). */
export function importedPackages(code: string): string[] {
  const specifiers = new Set<string>();
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;
  for (const match of code.matchAll(pattern)) {
    const specifier = match[1] ?? '';
    if (specifier.startsWith('node:') || specifier.startsWith('.') || specifier.startsWith('/')) {
      continue;
    }
    const parts = specifier.split('/');
    specifiers.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? ''));
  }
  return [...specifiers].sort();
}

/** One `npm install …` line of a shell block: the packages it names and whether it is --save-dev. */
export interface InstallLine {
  readonly packages: readonly string[];
  readonly dev: boolean;
}

/**
 * The install lines of a shell block, or the reason the block is not one. Only
 * `npm install [--save-dev] <names…>` lines (and comments) make an install block; the tests never
 * run any other shell.
 */
export function installLines(
  code: string,
): { ok: true; lines: InstallLine[] } | { ok: false; reason: string } {
  const lines: InstallLine[] = [];
  for (const raw of code.split('\n')) {
    const text = raw.replace(/#.*$/, '').trim();
    if (text === '') continue;
    const words = text.split(/\s+/);
    if (words[0] !== 'npm' || (words[1] !== 'install' && words[1] !== 'i')) {
      return { ok: false, reason: `"${text}" is not an npm install line` };
    }
    const flags = words.slice(2).filter((word) => word.startsWith('-'));
    const unknown = flags.filter((flag) => flag !== '--save-dev' && flag !== '-D');
    if (unknown.length > 0) return { ok: false, reason: `"${text}" uses ${unknown.join(', ')}` };
    const packages = words
      .slice(2)
      .filter((word) => !word.startsWith('-'))
      .map((word) => word.replace(/(?<=.)@.*$/, ''));
    if (packages.length === 0) return { ok: false, reason: `"${text}" names no package` };
    lines.push({ packages, dev: flags.length > 0 });
  }
  if (lines.length === 0) return { ok: false, reason: 'the block has no command' };
  return { ok: true, lines };
}
