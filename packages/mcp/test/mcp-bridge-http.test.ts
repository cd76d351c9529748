// The bridge over Streamable HTTP on 127.0.0.1 with the MCP SDK's own Client, and the refusals in
// front of it: no token, a foreign session's token, an oversized body, a wrong socket secret.
import { connect } from 'node:net';
import { isProcessAlive, useFixtureTracking } from '@gate4agent/testkit';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MCP_ARGUMENTS_MAX_BYTES,
  MCP_MESSAGE_MAX_BYTES,
  MCP_SECRET_ENV,
  MCP_SOCKET_ENV,
} from '../src/constants.js';
import { bridgeHarness } from './support/bridge-harness.js';
import { callTool, errorKind, text } from './support/call-tool.js';

useFixtureTracking({ beforeEach, afterEach });

const TOOL = 'browser_echo';
const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1.0.0' },
  },
});
const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
  });

describe('MCP bridge over Streamable HTTP', () => {
  it('lists, announces list changes and calls a granted tool over HTTP bound to 127.0.0.1', async () => {
    await using h = await bridgeHarness();
    const entry = await h.endpoint.http();
    expect(new URL(entry.url).hostname).toBe('127.0.0.1');
    const client = await h.httpClient();
    expect((await client.listTools()).tools).toEqual([]);
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    const grant = await h.grant();
    await changed;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([TOOL]);

    const result = await callTool(client, { name: TOOL, arguments: { op: 'echo', text: 'http' } });
    expect(JSON.parse(text(result)).echoed).toBe('http');

    const large = await callTool(client, {
      name: TOOL,
      arguments: { text: 'y'.repeat(MCP_ARGUMENTS_MAX_BYTES + 1) },
    });
    expect(errorKind(large)).toBe('arguments-too-large');

    const held = callTool(client, { name: TOOL, arguments: { op: 'hold' } });
    const pid = await h.runtime.waitUntil(() => [...h.pids.values()][1]);
    await h.runtime.toolAuthority().revoke(grant.key);
    expect(errorKind(await held)).toBe('grant-revoked');
    await h.runtime.waitUntil(() => !isProcessAlive(pid));
  });

  it('refuses a request without the token, with a foreign session token, or over the size limit', async () => {
    await using h = await bridgeHarness();
    const entry = await h.endpoint.http();
    const other = await h.bridge.openSession(h.agent.instanceId);
    const foreign = await other.http();

    const none = await post(entry.url, initialize);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(await none.text()).toContain('missing or wrong bearer token');

    const wrong = await post(entry.url, initialize, { ...foreign.headers });
    expect(wrong.status).toBe(401);
    expect(foreign.headers.Authorization).not.toBe(entry.headers.Authorization);

    const elsewhere = await post(`${new URL(entry.url).origin}/mcp/unknown`, initialize, {
      ...entry.headers,
    });
    expect(elsewhere.status).toBe(404);

    const huge = await post(entry.url, 'x'.repeat(MCP_MESSAGE_MAX_BYTES + 1), {
      ...entry.headers,
    });
    expect(huge.status).toBe(413);

    const accepted = await post(entry.url, initialize, { ...entry.headers });
    expect(accepted.status).toBe(200);
    const sessionId = accepted.headers.get('mcp-session-id');
    expect(sessionId).not.toBeNull();
    await accepted.text();
    // The MCP session belongs to the first bridge session: the second one's URL refuses it.
    const crossed = await post(foreign.url, initialize, {
      ...foreign.headers,
      'mcp-session-id': sessionId ?? '',
    });
    expect(crossed.status).toBe(404);
    await other.dispose();
  });

  it('closes a local socket connection that presents the wrong secret', async () => {
    await using h = await bridgeHarness();
    const path = h.endpoint.stdio.env[MCP_SOCKET_ENV] ?? '';
    expect(h.endpoint.stdio.env[MCP_SECRET_ENV]).toMatch(/^[0-9a-f]{64}$/);
    const socket = connect(path);
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(`not-the-secret\n${initialize}\n`);
    await closed;
    expect(Buffer.concat(received).length).toBe(0);
  });
});
