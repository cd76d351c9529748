// A viewer without a browser: reads the event stream over node:http and keeps the last frame
// sequence of every session, or (paused) reads nothing at all.
import { type IncomingMessage, request } from 'node:http';

/** One event-stream reader. */
export interface SseViewer {
  /** The last frame sequence read per session id. */
  readonly frames: Map<string, number>;
  /** Names of the events read, in order (frames counted, not listed). */
  readonly events: string[];
  /** Frame events read. */
  frameCount(): number;
  /** Resolves once `check` holds after an event (checked at once, too). */
  until(check: () => boolean): Promise<void>;
  /** Starts reading a paused viewer; resolves with everything it read once the stream ends. */
  readToEnd(): Promise<string>;
  close(): void;
}

/** Opens `url` (the view's `events` URL); `paused` viewers never read until `readToEnd`. */
export function openSseViewer(url: string, paused = false): Promise<SseViewer> {
  return new Promise((resolve, reject) => {
    const req = request(url, (res: IncomingMessage) => {
      if (res.statusCode !== 200) {
        reject(new Error(`event stream answered ${res.statusCode}`));
        return;
      }
      const frames = new Map<string, number>();
      const events: string[] = [];
      const waiters = new Set<() => void>();
      let frameCount = 0;
      let text = '';
      let pending = '';
      let ended = false;
      const endWaiters = new Set<() => void>();
      res.setEncoding('utf8');
      const onData = (chunk: string) => {
        if (paused) {
          text += chunk;
          return;
        }
        pending += chunk;
        for (let end = pending.indexOf('\n\n'); end >= 0; end = pending.indexOf('\n\n')) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1] ?? '';
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
          if (name === 'frame') {
            frameCount += 1;
            const frame = JSON.parse(data) as { id: string; sequence: number };
            frames.set(frame.id, frame.sequence);
          } else {
            events.push(name);
          }
        }
        for (const waiter of [...waiters]) waiter();
      };
      res.on('data', onData);
      res.on('end', () => {
        ended = true;
        for (const waiter of [...endWaiters]) waiter();
      });
      res.on('error', () => undefined);
      if (paused) res.pause();
      resolve({
        frames,
        events,
        frameCount: () => frameCount,
        until: (check) =>
          new Promise((done) => {
            const waiter = () => {
              if (!check()) return;
              waiters.delete(waiter);
              done();
            };
            waiters.add(waiter);
            waiter();
          }),
        readToEnd: () =>
          new Promise((done) => {
            endWaiters.add(() => done(text));
            if (ended) done(text);
            res.resume();
          }),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
