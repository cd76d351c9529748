import { isProcessAlive } from '@gate4agent/process';
import { describe, expect, it } from 'vitest';
import { runNode } from '../src/run-node.js';

const options = { cwd: process.cwd(), env: process.env, node: process.execPath, timeoutMs: 30_000 };

describe('runNode', () => {
  it('reports the exit status and output of a program that ends by itself', async () => {
    const run = await runNode('-e', {
      ...options,
      args: ['console.log("hi"); process.exitCode = 3'],
    });
    expect(run).toMatchObject({
      status: 3,
      signal: null,
      stdout: 'hi\n',
      timedOut: false,
      leaked: [],
    });
  });

  it('finds and ends a process the program left behind, even one that left its session', async () => {
    const code = [
      "const { spawn } = require('node:child_process');",
      "const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { detached: true, stdio: 'ignore' });",
      'child.unref();',
      'console.log(child.pid);',
    ].join('\n');
    const run = await runNode('-e', { ...options, args: [code] });
    expect(run.status).toBe(0);
    expect(run.leaked.map((entry) => entry.pid)).toEqual([Number(run.stdout.trim())]);
    expect(isProcessAlive(run.leaked[0] ?? Number(run.stdout.trim()))).toBe(false);
  });

  it('kills a program that does not end within the timeout', async () => {
    const run = await runNode('-e', {
      ...options,
      timeoutMs: 500,
      args: ['setTimeout(() => {}, 60_000)'],
    });
    expect(run).toMatchObject({ status: null, signal: 'SIGKILL', timedOut: true });
  });
});
