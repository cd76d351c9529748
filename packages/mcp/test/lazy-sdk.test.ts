// The MCP SDK (and zod, which it loads) is loaded by the first session, not by importing the
// package: a cold `import('@gate4agent/mcp')` stays cheap for a host that never opens one.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as mcp from '../src/index.js';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./fixtures/without-sdk.mjs', import.meta.url));
const built = new URL('../dist/index.js', import.meta.url).href;

describe('the MCP SDK loads lazily', () => {
  it('the built package imports without the SDK, and its first session is what loads it', async () => {
    const { stdout } = await run(process.execPath, [script, built], { timeout: 60_000 });
    const result = JSON.parse(stdout) as {
      grantMetaKey: string;
      exports: number;
      openError: { code: string; message: string } | null;
    };
    expect(result.grantMetaKey).toBe('gate4agent/grant');
    expect(result.exports).toBe(Object.keys(mcp).length);
    expect(result.openError?.code).toBe('ERR_MODULE_NOT_FOUND');
    expect(result.openError?.message).toContain('@modelcontextprotocol/sdk');
  }, 90_000);
});
