// One viewer over a real HTTP connection: frames kept while the connection is backed up are
// written one drain at a time, and only bytes queued on the connection count against the bound.
import { createServer, get, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { encodeEvent, Viewer } from '../src/viewer.js';
import type { ViewerDrop } from '../src/viewer-drop.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const MIB = 1_048_576;
const SESSIONS = 16;
/** About one full screen of a wide terminal: 16 of them are more than the 1 MiB bound. */
const FRAME_BYTES = 85_000;

/** A server whose one response becomes a viewer, and a client that reads everything it gets. */
async function connectedViewer(limits: { maxBufferedBytes: number; stallTimeoutMs: number }) {
  const drops: ViewerDrop[] = [];
  let onDropped!: () => void;
  /** Resolves when the viewer is dropped. */
  const dropped = new Promise<void>((resolve) => {
    onDropped = resolve;
  });
  let response!: ServerResponse;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.flushHeaders();
    response = res;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  let received = '';
  const waiters = new Set<() => void>();
  const reading = new Promise<void>((resolve, reject) => {
    const req = get(`http://127.0.0.1:${port}/`, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        received += chunk;
        for (const waiter of waiters) waiter();
      });
      res.on('end', resolve);
      res.on('error', reject);
      // The response object exists once the client sees the headers.
      resolve();
    });
    req.on('error', reject);
    cleanups.push(() => {
      req.destroy();
    });
  });
  await reading;
  const viewer = new Viewer(1, response, {
    ...limits,
    onDrop: (drop) => {
      drops.push(drop);
      onDropped();
    },
    onClose: () => undefined,
  });
  cleanups.push(() => viewer.close());
  /** Resolves once `predicate` holds for what the client has read (checked on every chunk). */
  const until = (predicate: (text: string) => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!predicate(received)) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  return { viewer, drops, dropped, until };
}

it('keeps a viewer that reads, however large the latest frames of all sessions are together', async () => {
  const { viewer, drops, dropped, until } = await connectedViewer({
    maxBufferedBytes: MIB,
    stallTimeoutMs: 5_000,
  });
  for (let round = 0; round < 4; round += 1) {
    for (let session = 0; session < SESSIONS; session += 1) {
      const text = `${round}:${session}:`.padEnd(FRAME_BYTES, 'x');
      viewer.sendFrame(`s${session}`, encodeEvent('frame', { session, round, text }));
    }
  }
  // Every session's last frame arrives: the backlog drains one frame per 'drain'.
  const lastOf = (session: number) => `"session":${session},"round":3`;
  await Promise.race([
    dropped,
    until((text) =>
      Array.from({ length: SESSIONS }, (_, s) => lastOf(s)).every((last) => text.includes(last)),
    ),
  ]);
  expect(drops).toEqual([]);
  expect(viewer.open).toBe(true);
  expect(viewer.peakBufferedBytes).toBeLessThanOrEqual(MIB);
});

it('drops a viewer whose queued events pass the bound, and says how many bytes were queued', async () => {
  const { viewer, drops } = await connectedViewer({
    maxBufferedBytes: 64 * 1_024,
    stallTimeoutMs: 60_000,
  });
  // Ordered events are never coalesced: written faster than a socket drains, they queue up.
  for (let i = 0; i < 64 && viewer.open; i += 1) {
    viewer.send(encodeEvent('timeline', { i, text: 'y'.repeat(4_000) }));
  }
  expect(viewer.open).toBe(false);
  expect(drops).toHaveLength(1);
  expect(drops[0]).toMatchObject({ viewerId: 1, reason: 'buffer-full' });
  expect(drops[0]!.message).toContain(`more than ${64 * 1_024} bytes behind`);
  expect(drops[0]!.bufferedBytes).toBeLessThanOrEqual(64 * 1_024);
});
