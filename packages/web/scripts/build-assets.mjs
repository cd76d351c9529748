// Builds the page's files into dist/assets at package build time (no bundler, nothing at run
// time): the page's own module and style as written, and xterm.js's browser build and its CSS.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'assets');
const xterm = dirname(createRequire(import.meta.url).resolve('@xterm/xterm/package.json'));
mkdirSync(out, { recursive: true });
for (const name of ['index.html', 'page.js', 'page.css']) {
  copyFileSync(join(root, 'page', name), join(out, name));
}
// The source map is not shipped, so its reference is dropped too.
const module = readFileSync(join(xterm, 'lib', 'xterm.mjs'), 'utf8');
writeFileSync(join(out, 'xterm.mjs'), module.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));
copyFileSync(join(xterm, 'css', 'xterm.css'), join(out, 'xterm.css'));
copyFileSync(join(xterm, 'LICENSE'), join(out, 'xterm.LICENSE'));
