// The bridge over stdio, tested with the MCP SDK's own Client spawning the real gate4agent-mcp
// program, against a real runtime, a fixture agent in a PTY and provider child processes.
import { isProcessAlive, useFixtureTracking } from '@gate4agent/testkit';
import type { ToolCapabilityId } from '@gate4agent/tool-protocol';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESULT_META_KEY } from '../src/completion-result.js';
import { MCP_ARGUMENTS_MAX_BYTES } from '../src/constants.js';
import { ANY_OBJECT_SCHEMA, type McpInputSchema } from '../src/granted-tools.js';
import {
  bridgeHarness,
  CAPABILITY_ID,
  SECOND_CAPABILITY_ID,
  SECOND_INPUT_SCHEMA,
} from './support/bridge-harness.js';
import { callTool, errorKind, text } from './support/call-tool.js';

useFixtureTracking({ beforeEach, afterEach });

const TOOL = 'browser_echo';

describe('MCP bridge over stdio', () => {
  it('lists exactly the granted tools and announces list changes on grant and revoke', async () => {
    await using h = await bridgeHarness();
    const client = await h.stdioClient();
    expect((await client.listTools()).tools).toEqual([]);

    let changes = 0;
    let changed: () => void = () => {};
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changes += 1;
      changed();
    });
    const nextChange = () => new Promise<void>((resolve) => (changed = resolve));

    let seen = nextChange();
    const grant = await h.grant();
    await seen;
    const listed = (await client.listTools()).tools;
    expect(listed.map((tool) => tool.name)).toEqual([TOOL]);
    expect(listed[0]?.description).toBe('Echo, hold or fail, as asked');
    expect(listed[0]?.inputSchema.type).toBe('object');

    seen = nextChange();
    await h.grant(SECOND_CAPABILITY_ID);
    await seen;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      TOOL,
      'browser_other',
    ]);

    seen = nextChange();
    await h.runtime.toolAuthority().revoke(grant.key);
    await seen;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['browser_other']);
    expect(changes).toBe(3);
  });

  it("lists each tool's input schema: the app's override, else the descriptor's, else any object", async () => {
    {
      await using h = await bridgeHarness();
      await h.grant();
      await h.grant(SECOND_CAPABILITY_ID);
      const client = await h.stdioClient();
      const listed = (await client.listTools()).tools;
      expect(listed.map((tool) => [tool.name, tool.inputSchema])).toEqual([
        [TOOL, ANY_OBJECT_SCHEMA],
        ['browser_other', { type: 'object', ...SECOND_INPUT_SCHEMA }],
      ]);
      // The bridge lists the schema but leaves checking arguments to the provider: a call that
      // leaves out the required `text` still reaches it.
      const call = await callTool(client, { name: 'browser_other', arguments: { op: 'echo' } });
      expect(call.isError).toBeFalsy();
      expect(JSON.parse(text(call))).toMatchObject({ pid: expect.any(Number) });
    }
    const override = { type: 'object' as const, properties: { op: { type: 'string' } } };
    const overrideSecond = { type: 'object' as const, additionalProperties: false };
    await using h = await bridgeHarness({
      inputSchemas: new Map<ToolCapabilityId, McpInputSchema>([
        [CAPABILITY_ID, override],
        [SECOND_CAPABILITY_ID, overrideSecond],
      ]),
    });
    await h.grant();
    await h.grant(SECOND_CAPABILITY_ID);
    const client = await h.stdioClient();
    const listed = (await client.listTools()).tools;
    expect(listed.map((tool) => [tool.name, tool.inputSchema])).toEqual([
      [TOOL, override],
      ['browser_other', overrideSecond],
    ]);
  });

  it('bridges a call to the provider child and keeps its content and media type', async () => {
    await using h = await bridgeHarness();
    await h.grant();
    const client = await h.stdioClient();
    const result = await callTool(client, { name: TOOL, arguments: { op: 'echo', text: 'ping' } });
    expect(result.isError).toBeFalsy();
    const body = JSON.parse(text(result)) as { echoed: string; pid: number };
    expect(body.echoed).toBe('ping');
    expect(result.structuredContent).toEqual(body);
    const meta = result._meta?.[RESULT_META_KEY] as { mediaType: string; summary: string };
    expect(meta.mediaType).toBe('application/json');
    expect(meta.summary).toBe('echoed the request');

    const bytes = await callTool(client, { name: TOOL, arguments: { op: 'bytes' } });
    const [part] = bytes.content as {
      type: string;
      resource: { blob: string; mimeType: string };
    }[];
    expect(part?.type).toBe('resource');
    expect(part?.resource).toMatchObject({
      blob: 'AP8A/w==',
      mimeType: 'application/octet-stream',
    });
  });

  it('ends calls with typed tool errors: unknown tool, provider failure, oversized arguments', async () => {
    await using h = await bridgeHarness();
    await h.grant();
    const client = await h.stdioClient();
    const unknown = await callTool(client, { name: 'nope', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(errorKind(unknown)).toBe('unknown-tool');
    expect(text(unknown)).toContain('list the tools again');

    const failed = await callTool(client, { name: TOOL, arguments: { op: 'fail' } });
    expect(errorKind(failed)).toBe('failed');
    expect(text(failed)).toContain('asked to fail');

    const large = await callTool(client, {
      name: TOOL,
      arguments: { op: 'echo', text: 'x'.repeat(MCP_ARGUMENTS_MAX_BYTES) },
    });
    expect(errorKind(large)).toBe('arguments-too-large');
    expect(text(large)).toContain(`over the ${MCP_ARGUMENTS_MAX_BYTES}-byte limit`);
    expect(h.pids.size).toBe(1);
  });

  it('ends an in-flight call when its grant is revoked, and the provider child is reaped', async () => {
    await using h = await bridgeHarness();
    const grant = await h.grant();
    const client = await h.stdioClient();
    const call = callTool(client, { name: TOOL, arguments: { op: 'hold' } });
    const [operationId, pid] = await h.runtime.waitUntil(() => [...h.pids.entries()][0]);
    expect(isProcessAlive(pid)).toBe(true);
    await h.runtime.toolAuthority().revoke(grant.key);
    const result = await call;
    expect(errorKind(result)).toBe('grant-revoked');
    expect(text(result)).toContain('was revoked');
    const ack = await h.ackOf(operationId);
    expect(ack.stopCause).toEqual({ kind: 'cancellation', reason: 'grant-revoked' });
    expect(isProcessAlive(pid)).toBe(false);
  });

  it('cancels the request when the MCP client cancels, down to the provider child and its exit ack', async () => {
    await using h = await bridgeHarness();
    await h.grant();
    const client = await h.stdioClient();
    const controller = new AbortController();
    const call = callTool(client, { name: TOOL, arguments: { op: 'hold' } }, undefined, {
      signal: controller.signal,
    });
    const [operationId, pid] = await h.runtime.waitUntil(() => [...h.pids.entries()][0]);
    controller.abort();
    await expect(call).rejects.toThrow();
    const ack = await h.ackOf(operationId);
    expect(ack.stopCause).toEqual({ kind: 'cancellation', reason: 'client-cancelled' });
    expect(ack.operation.requestKey.localId).toBe(1);
    expect(isProcessAlive(pid)).toBe(false);
  });

  it('ends a call that passes its deadline with a timed-out error', async () => {
    await using h = await bridgeHarness({ deadlineTicks: 5 });
    await h.grant();
    const client = await h.stdioClient();
    const result = await callTool(client, { name: TOOL, arguments: { op: 'hold' } });
    expect(errorKind(result)).toBe('timed-out');
    expect(text(result)).toContain('passed its deadline');
  });

  it('waits for the operator under require-approval with progress, and reports a denial', async () => {
    await using h = await bridgeHarness();
    await h.grant(undefined, 'require-approval');
    const client = await h.stdioClient();
    const authority = h.runtime.toolAuthority();
    const pending = () =>
      authority
        .snapshot()
        .tools.requests.find((request) => request.status.kind === 'awaiting-approval');

    const progress: string[] = [];
    let progressed: () => void = () => {};
    const firstProgress = new Promise<void>((resolve) => (progressed = resolve));
    const approved = callTool(
      client,
      { name: TOOL, arguments: { op: 'echo', text: 'ok' } },
      undefined,
      {
        onprogress: (update) => {
          progress.push(update.message ?? '');
          progressed();
        },
      },
    );
    await firstProgress;
    expect(progress[0]).toContain('waiting for the operator to approve the call of browser_echo');
    const request = await h.runtime.waitUntil(pending);
    expect(request.approvalSummary).toContain('MCP call of browser_echo');
    await authority.approve(request);
    const result = await approved;
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(text(result)).echoed).toBe('ok');

    const denied = callTool(client, { name: TOOL, arguments: { op: 'echo', text: 'no' } });
    await authority.deny(await h.runtime.waitUntil(pending));
    const refused = await denied;
    expect(errorKind(refused)).toBe('approval-denied');
    expect(text(refused)).toContain('the operator denied');
  });
});
