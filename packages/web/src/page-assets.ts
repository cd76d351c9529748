import { readFile } from 'node:fs/promises';
import { Gate4AgentError } from '@gate4agent/types';

/** The files of the page, built into `dist/assets` by the package build. */
export const PAGE_ASSET_NAMES = ['index.html', 'page.js', 'page.css', 'xterm.mjs', 'xterm.css'];

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/** @internal One page file held in memory. */
export interface PageAsset {
  readonly body: Buffer;
  readonly contentType: string;
}

/**
 * @internal Reads the page's files. `../dist/assets/` is the same folder from `src/*.ts` (tests)
 * and from `dist/*.js` (the published package).
 */
export async function loadPageAssets(): Promise<Map<string, PageAsset>> {
  const folder = new URL('../dist/assets/', import.meta.url);
  const assets = new Map<string, PageAsset>();
  for (const name of PAGE_ASSET_NAMES) {
    let body: Buffer;
    try {
      body = await readFile(new URL(name, folder));
    } catch (error) {
      throw new Gate4AgentError(
        'assets-missing',
        `the web view's page file ${name} is missing from ${folder.pathname}; build the package (pnpm --filter @gate4agent/web build) or reinstall it`,
        { cause: error },
      );
    }
    const type = TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
    assets.set(name, { body, contentType: type });
  }
  return assets;
}
