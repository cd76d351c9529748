import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { AgentRegistry } from '@gate4agent/agent-catalog';
import { NativeRuntime } from '@gate4agent/runtime-native';
import { interactiveAgentSpec } from '@gate4agent/testkit';
import { unwrap } from '@gate4agent/types';
import { afterEach, describe, expect, it } from 'vitest';
import { WebView } from '../src/web-view.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startView(options: Partial<Parameters<typeof WebView.start>[0]> = {}) {
  const catalog = unwrap(AgentRegistry.create([interactiveAgentSpec()]));
  const { runtime } = unwrap(NativeRuntime.create(catalog));
  cleanups.push(() => runtime.dispose());
  const view = await WebView.start({ runtime, ...options });
  cleanups.push(() => view.close());
  return { runtime, view };
}

function fetchText(
  url: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

function connectRefused(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

describe('WebView server', () => {
  it('listens on 127.0.0.1 only, and no other interface accepts a connection', async () => {
    const { view } = await startView();
    expect(view.address.address).toBe('127.0.0.1');
    expect(view.address.family).toBe('IPv4');
    expect(new URL(view.url).hostname).toBe('127.0.0.1');
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry !== undefined && !entry.internal)
      .map((entry) => entry!.address);
    for (const host of [...others, '::1']) {
      expect(await connectRefused(host, view.address.port), host).not.toBe('connected');
    }
    expect(await connectRefused('127.0.0.1', view.address.port)).toBe('connected');
  });

  it('serves the page with its token and refuses every path without it', async () => {
    const { view } = await startView({ title: 'web <test>' });
    const page = await fetchText(view.url);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>web &#60;test&#62;</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await fetchText(`${view.url}assets/xterm.mjs`)).status).toBe(200);
    const origin = new URL(view.url).origin;
    const token = new URL(view.url).pathname.split('/')[1]!;
    expect(token.length).toBeGreaterThanOrEqual(43);
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      '/',
      '/assets/page.js',
      '/events',
      `/${wrong}/`,
      `/${wrong}/events`,
      `/${token}`,
      `/x/${token}/`,
    ]) {
      const refused = await fetchText(`${origin}${path}`);
      expect(refused.status, path).toBe(403);
      expect(refused.body).toContain('needs the URL with its access token');
    }
    const control = await fetchText(`${origin}/${wrong}/control`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'stop', session: '1' }),
    });
    expect(control.status).toBe(403);
  });

  it('a new start has a new token', async () => {
    const first = await startView();
    const second = await startView();
    expect(first.view.url).not.toBe(second.view.url);
    const firstToken = new URL(first.view.url).pathname;
    const secondOrigin = new URL(second.view.url).origin;
    expect((await fetchText(`${secondOrigin}${firstToken}`)).status).toBe(403);
  });

  it('refuses bad control requests with a reason and changes nothing', async () => {
    const { view } = await startView();
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetchText(`${view.url}control`, { method: 'POST', body, headers });
    const cases: [string, number, string][] = [
      ['not json', 400, 'is not JSON'],
      ['[1]', 400, 'is not a JSON object'],
      ['{"kind":"format-disk"}', 400, 'is not one of'],
      ['{"kind":"input","session":"1"}', 400, 'field "text"'],
      ['{"kind":"stop","session":"1","force":true}', 400, 'unknown field "force"'],
      ['{"kind":"input","session":"9","text":"x"}', 404, 'no session "9"'],
      ['{"kind":"revoke","grant":"nope"}', 404, 'nothing was revoked'],
      ['{"kind":"approve","request":"nope"}', 404, 'nothing was approved'],
      ['x'.repeat(20_000), 400, 'larger than 16384 bytes'],
    ];
    for (const [body, status, text] of cases) {
      const answer = await post(body);
      expect(answer.status, body.slice(0, 40)).toBe(status);
      expect(JSON.parse(answer.body)).toMatchObject({ ok: false });
      expect(JSON.parse(answer.body).message).toContain(text);
    }
    const foreign = await post('{"kind":"stop","session":"1"}', { origin: 'http://evil.test' });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toContain('another origin');
  });

  it('rejects bad options with invalid-argument before listening', async () => {
    const catalog = unwrap(AgentRegistry.create([interactiveAgentSpec()]));
    const { runtime } = unwrap(NativeRuntime.create(catalog));
    cleanups.push(() => runtime.dispose());
    await expect(WebView.start({ runtime, port: 70_000 })).rejects.toMatchObject({
      kind: 'invalid-argument',
      message: expect.stringContaining('got 70000'),
    });
    await expect(WebView.start({ runtime, maxViewerBufferedBytes: 0 })).rejects.toMatchObject({
      kind: 'invalid-argument',
      message: expect.stringContaining('maxViewerBufferedBytes must be a positive integer'),
    });
  });
});
