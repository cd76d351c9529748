// The MCP SDK (and zod, which it loads) is loaded by the first session, not by importing the
// package: a cold `import('@gate4agent/mcp')` stays cheap for a host that never opens one.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as mcp from '../src/index.js';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./fixtures/open-session-child.mjs', import.meta.url));
const built = new URL('../dist/index.js', import.meta.url).href;

interface ChildResult {
  readonly grantMetaKey: string;
  readonly exports: number;
  /** `code` is Node's error code, or a Gate4AgentError's `kind`. */
  readonly openError: { readonly code: string; readonly message: string } | null;
}

/** Runs the child on the built package, with the SDK resolvable or `blocked`. */
async function openSessionInChild(sdk: 'blocked' | 'resolvable'): Promise<ChildResult> {
  const { stdout } = await run(process.execPath, [script, built, sdk], { timeout: 60_000 });
  return JSON.parse(stdout) as ChildResult;
}

describe('the MCP SDK loads lazily', () => {
  it('the built package imports without the SDK, and its first session is what loads it', async () => {
    const result = await openSessionInChild('blocked');
    expect(result.grantMetaKey).toBe('gate4agent/grant');
    expect(result.exports).toBe(Object.keys(mcp).length);
    expect(result.openError?.code).toBe('ERR_MODULE_NOT_FOUND');
    expect(result.openError?.message).toContain('@modelcontextprotocol/sdk');
  }, 90_000);

  it('with the SDK installed, the built package loads it and goes on to its own checks', async () => {
    const result = await openSessionInChild('resolvable');
    expect(result.openError?.code).toBe('bridge-not-bound');
  }, 90_000);
});
