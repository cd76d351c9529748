// The page in a real headless Chromium: token, terminal, input, controls, timeline and gates.
import type { ToolClientHandle } from '@gate4agent/handle';
import type { AgentSession, NativeRuntime } from '@gate4agent/runtime-native';
import {
  CONTROL_FIXTURE_ID,
  interactiveAgentSpec,
  isProcessAlive,
  trustDialogAgentSpec,
  useFixtureTracking,
} from '@gate4agent/testkit';
import { ToolActorId } from '@gate4agent/tool-protocol';
import { AgentId, type SessionGeneration, unwrap } from '@gate4agent/types';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebView } from '../src/web-view.js';
import { launchChromium } from './support/browser.js';
import {
  PAGE_TIMEOUT,
  screenshot,
  terminalText,
  timelineEvents,
  waitForTerminal,
  waitForTimeline,
} from './support/page.js';
import { installProvider, testGrant, testRequest, testRuntime } from './support/runtime.js';

useFixtureTracking({ beforeEach, afterEach });

let chromium: Awaited<ReturnType<typeof launchChromium>>;
let browser: Browser;
beforeAll(async () => {
  chromium = await launchChromium();
  browser = chromium.browser;
});
afterAll(async () => {
  await chromium?.close();
});

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const WAIT = { timeoutMs: 20_000 };
const PNG_MAX_BYTES = 150_000;

async function setUp(gate = false): Promise<{
  runtime: NativeRuntime;
  agent: AgentSession;
  view: WebView;
  page: Page;
  id: string;
}> {
  const runtime = testRuntime([gate ? trustDialogAgentSpec() : interactiveAgentSpec()]);
  cleanups.push(() => runtime.dispose());
  const agent = await runtime.launchAgent(AgentId.of(CONTROL_FIXTURE_ID), {
    cwd: process.cwd(),
    terminalSize: { rows: 12, columns: 72 },
  });
  cleanups.push(() => agent.dispose());
  const view = await WebView.start({ runtime, sessions: [agent], title: 'gate4agent web view' });
  cleanups.push(() => view.close());
  const context = await browser.newContext({ viewport: { width: 1100, height: 640 } });
  cleanups.push(() => context.close());
  const page = await context.newPage();
  return { runtime, agent, view, page, id: String(agent.instanceId) };
}

describe('the page in Chromium', () => {
  it('loads with the token, is refused without it, shows the prompt and echoes a typed line', async () => {
    const { agent, view, page, id } = await setUp();
    const refused = await page.goto(new URL(view.url).origin);
    expect(refused?.status()).toBe(403);
    expect(await page.textContent('body')).toContain('needs the URL with its access token');

    const loaded = await page.goto(view.url);
    expect(loaded?.status()).toBe(200);
    await agent.waitFor('fixture-ready>', WAIT);
    await waitForTerminal(page, id, 'fixture-ready>');
    await page.locator('.connection.live').waitFor({ timeout: PAGE_TIMEOUT });
    const meta = await page.locator(`[data-session-id="${id}"] .meta`).textContent();
    expect(meta).toContain(`pid ${agent.processId}`);
    expect(meta).toContain(`generation ${agent.generation}`);

    await page.locator(`[data-session-id="${id}"] input[name="line"]`).fill('hello from the page');
    await page.locator(`[data-session-id="${id}"] input[name="line"]`).press('Enter');
    await waitForTerminal(page, id, 'fixture-echo:hello from the page');
    expect(await agent.waitFor('fixture-echo:hello from the page', WAIT)).toContain(
      'fixture-echo:hello from the page',
    );
    expect(agent.snapshot?.terminalFrame?.contents).toContain('fixture-echo:hello from the page');
    expect(await terminalText(page, id)).toContain('fixture-ready>');
    const png = await screenshot(page, 'session');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.length).toBeLessThan(PNG_MAX_BYTES);
  });

  it('shows a grant, a request, a revoke mid-flight, its completion and exit ack in order; approves, denies and stops', async () => {
    const { runtime, agent, view, page, id } = await setUp();
    await page.goto(view.url);
    await agent.waitFor('fixture-ready>', WAIT);
    const client: ToolClientHandle = unwrap(runtime.toolClient(ToolActorId.of('agent.web')));
    await installProvider(runtime, client);
    const generation = agent.generation as SessionGeneration;
    const authority = runtime.toolAuthority();
    await authority.grant(testGrant(client, agent.instanceId, generation));
    const held = client.request(testRequest(1, agent.instanceId, generation, 'hold'));
    await waitForTimeline(page, 'invocation-dispatched', 'request #1');
    // The person revokes the grant in the page while the operation runs.
    await page.locator('#grants li', { hasText: 'browser.web-test' }).getByText('Revoke').click();
    const completion = await held;
    expect(completion.outcome.kind).toBe('grant-revoked');
    await waitForTimeline(page, 'exit-ack', 'request #1');
    expect(authority.snapshot().tools.grants).toHaveLength(0);
    const events = (await timelineEvents(page)).filter((event) =>
      [
        'grant-set',
        'request-evaluated',
        'invocation-dispatched',
        'grant-revoked',
        'request-grant-revoked',
        'exit-ack',
      ].includes(event),
    );
    expect(events).toEqual([
      'grant-set',
      'request-evaluated',
      'invocation-dispatched',
      'grant-revoked',
      'request-grant-revoked',
      'exit-ack',
    ]);
    const ack = await page.locator('#timeline li[data-event="exit-ack"]').textContent();
    expect(ack).toContain('stop cause cancellation');
    await screenshot(page, 'timeline');

    // Approvals: one approved and one denied in the page.
    await authority.grant(testGrant(client, agent.instanceId, generation, 'require-approval'));
    const approved = client.request(testRequest(2, agent.instanceId, generation, 'echo'));
    await page.locator('#approvals li', { hasText: '#2' }).getByText('Approve').click();
    expect((await approved).outcome.kind).toBe('succeeded');
    const denied = client.request(testRequest(3, agent.instanceId, generation, 'echo'));
    await page.locator('#approvals li', { hasText: '#3' }).getByText('Deny').click();
    expect((await denied).outcome.kind).toBe('approval-denied');
    await waitForTimeline(page, 'approval-resolved', 'approve-once');
    await waitForTimeline(page, 'approval-resolved', 'deny');

    // Stop: the same handle code uses.
    const pid = agent.processId as number;
    await page.locator(`[data-session-id="${id}"]`).getByText('Stop').click();
    const exit = await agent.exited;
    expect(exit.status.kind).toBe('exited');
    await page
      .locator(`[data-session-id="${id}"] .status`, { hasText: 'exited' })
      .waitFor({ timeout: PAGE_TIMEOUT });
    expect(isProcessAlive(pid)).toBe(false);
    unwrap(await runtime.shutdownNativeProviders());
  });

  it('highlights an operator gate and refuses page input until the person answers it', async () => {
    const { agent, view, page, id } = await setUp(true);
    await page.goto(view.url);
    await agent.waitFor('Do you trust the files in this folder?', WAIT);
    await runtimeGate(agent);
    const session = page.locator(`[data-session-id="${id}"]`);
    await page.locator(`[data-session-id="${id}"].gated`).waitFor({ timeout: PAGE_TIMEOUT });
    expect(await session.locator('.gate').textContent()).toContain(
      'Do you trust the files in this folder?',
    );
    expect(await session.locator('.gate strong').textContent()).toContain('workspace trust dialog');
    await screenshot(page, 'gate');

    await session.locator('input[name="line"]').fill('typed into the dialog');
    await session.locator('input[name="line"]').press('Enter');
    await session
      .locator('.message', { hasText: 'workspace trust dialog is showing' })
      .waitFor({ timeout: PAGE_TIMEOUT });
    expect(await session.locator('.message').textContent()).toContain(
      'input was not typed into it',
    );
    expect(agent.screen).not.toContain('typed into the dialog');
    expect(agent.operatorGate?.kind).toBe('trust');

    await session.getByText('Answer: 1').click();
    await agent.waitFor('fixture-trust:49', WAIT);
    await agent.waitFor('fixture-ready>', WAIT);
    await page.locator(`[data-session-id="${id}"]:not(.gated)`).waitFor({ timeout: PAGE_TIMEOUT });
    expect(await session.locator('.gate').isHidden()).toBe(true);
    await session.locator('input[name="line"]').fill('after the dialog');
    await session.locator('input[name="line"]').press('Enter');
    await waitForTerminal(page, id, 'fixture-echo:after the dialog');
    expect(await agent.waitFor('fixture-echo:after the dialog', WAIT)).toContain(
      'fixture-echo:after the dialog',
    );
  });
});

/** Waits until the runtime publishes the gate the fixture draws. */
async function runtimeGate(agent: AgentSession): Promise<void> {
  await agent.waitFor(() => agent.operatorGate !== null, WAIT);
}
