// `npm run demo -- --web`: the built demo prints its view's URL, serves the page and its events
// while the fixture agent and provider work, and stops cleanly on Ctrl-C (SIGINT).
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { isProcessAlive } from '@gate4agent/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { killRunningDemos, MAIN } from './support/run-demo.js';

afterEach(() => killRunningDemos());

/** Reads `url` until `done` accepts what arrived, then stops reading. */
function read(
  url: string,
  done: (text: string) => boolean,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, (res) => {
      let text = '';
      res.setEncoding('utf8');
      const finish = () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, text });
      };
      res.on('data', (chunk: string) => {
        text += chunk;
        if (done(text)) finish();
      });
      res.on('end', finish);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('demo --web', () => {
  it('prints the URL, serves the live page until Ctrl-C, then stops with nothing left running', async () => {
    const child = spawn(process.execPath, [MAIN, '--web'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        const found = /web view: (http:\/\/127\.0\.0\.1:\d+\/\S+\/)\n/.exec(stdout);
        if (found) resolve(found[1]!);
      });
      child.on('close', () => reject(new Error(`the demo ended first: ${stdout}${stderr}`)));
    });
    const page = await read(url, (text) => text.includes('</html>'));
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>gate4agent demo</title>');
    // The agent's trust dialog, the grants and a completed request arrive as events.
    const events = await read(
      `${url}events`,
      (text) => /invocation-succeeded/.test(text) && /"gate":\{"kind":"trust"/.test(text),
    );
    expect(events.text).toContain('event: hello');
    expect(events.text).toContain('mode require-approval');
    const pid = Number(/"pid":(\d+)/.exec(events.text)?.[1]);
    expect(isProcessAlive(pid)).toBe(true);

    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stdout).toContain('web demo stopped; runtime disposed');
    expect(stderr).toBe('');
    expect(isProcessAlive(pid)).toBe(false);
  });
});
