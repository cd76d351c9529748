// 16 sessions printing continuously, 4 viewers, one of them never reading: the host's memory stays
// bounded, the slow viewer is dropped and told, the others keep up. No timing assertions.
import { setTimeout as delay } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { AgentSession } from '@gate4agent/runtime-native';
import {
  CONTROL_FIXTURE_ID,
  interactiveAgentSpec,
  isProcessAlive,
  useFixtureTracking,
} from '@gate4agent/testkit';
import { AgentId } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ViewerDrop } from '../src/viewer-drop.js';
import { WebView } from '../src/web-view.js';
import { testRuntime, tickerSpec } from './support/runtime.js';
import { openSseViewer } from './support/sse-viewer.js';

useFixtureTracking({ beforeEach, afterEach });

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SESSIONS = 16;
const PRINT_MS = 10_000;
const BUFFER_BOUND = 256 * 1024;
const HEAP_GROWTH_BOUND = 64 * 1024 * 1024;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  gc();
  return process.memoryUsage().heapUsed;
}

describe('load', () => {
  it('16 printing sessions, 4 viewers, one never reading: bounded memory, the slow viewer dropped and told', async () => {
    const runtime = testRuntime([tickerSpec(interactiveAgentSpec(), 50)]);
    cleanups.push(() => runtime.dispose());
    const agents: AgentSession[] = [];
    for (let index = 0; index < SESSIONS; index += 1) {
      const agent = await runtime.launchAgent(AgentId.of(CONTROL_FIXTURE_ID), {
        cwd: process.cwd(),
        terminalSize: { rows: 40, columns: 160 },
      });
      cleanups.push(() => agent.dispose());
      agents.push(agent);
    }
    const view = await WebView.start({
      runtime,
      sessions: agents,
      maxViewerBufferedBytes: BUFFER_BOUND,
      viewerStallTimeoutMs: 3_000,
    });
    cleanups.push(() => view.close());
    const drops: ViewerDrop[] = [];
    const firstDrop = new Promise<void>((resolve) =>
      view.onViewerDropped((drop) => {
        drops.push(drop);
        resolve();
      }),
    );
    const fast: Awaited<ReturnType<typeof openSseViewer>>[] = [];
    const events = `${view.url}events`;
    const baseline = heapAfterGc();
    const slow = await openSseViewer(events, true);
    fast.push(
      await openSseViewer(events),
      await openSseViewer(events),
      await openSseViewer(events),
    );
    cleanups.push(async () => {
      for (const viewer of [slow, ...fast]) viewer.close();
    });

    // The sessions print for the whole run; the viewers read (or not) meanwhile.
    await delay(PRINT_MS);
    await firstDrop;
    const heapDuringRun = heapAfterGc();

    // Stop the printing; the fast viewers end up at every session's last frame.
    await Promise.all(agents.map((agent) => agent.stop({ graceMs: 2_000 })));
    const lastFrames = new Map(
      agents.map((agent) => [String(agent.instanceId), agent.frame?.sequence]),
    );
    for (const viewer of fast) {
      await viewer.until(() =>
        [...lastFrames].every(([id, sequence]) => viewer.frames.get(id) === sequence),
      );
    }

    const stats = view.stats();
    expect(stats.peakViewerBufferedBytes).toBeLessThanOrEqual(BUFFER_BOUND);
    expect(stats.droppedViewers).toBe(1);
    expect(drops).toHaveLength(1);
    expect(drops[0]!.bufferedBytes).toBeLessThanOrEqual(BUFFER_BOUND);
    expect(stats.viewers).toBe(3);
    for (const viewer of fast) {
      expect(viewer.events[0]).toBe('hello');
      expect(viewer.events).not.toContain('dropped');
      expect(viewer.frameCount()).toBeGreaterThan(SESSIONS);
    }
    expect(heapDuringRun - baseline).toBeLessThan(HEAP_GROWTH_BOUND);

    // The slow viewer, reading at last, finds the notice after what it had left unread.
    const told = await slow.readToEnd();
    const notice = told.slice(told.lastIndexOf('event: '));
    expect(notice).toMatch(/^event: dropped\ndata: /);
    expect(JSON.parse(notice.split('data: ')[1]!).message).toContain(
      "disconnected so the host's memory stays bounded",
    );
    expect(JSON.parse(notice.split('data: ')[1]!).reason).toBe(drops[0]!.reason);

    const pids = agents.map((agent) => agent.processId);
    await view.close();
    await runtime.dispose();
    for (const pid of pids) if (pid !== null) expect(isProcessAlive(pid)).toBe(false);
  }, 150_000);
});
