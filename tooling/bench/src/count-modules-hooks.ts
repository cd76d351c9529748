// Module hooks for the cold-import scenario's counting run: every module file the loader loads is
// posted to the port the registering thread passed in `initialize`.
import type { MessagePort } from 'node:worker_threads';

let port: MessagePort | null = null;

/** Receives the port from `register(…, { data: { port }, transferList: [port] })`. */
export function initialize(data: { port: MessagePort }): void {
  port = data.port;
}

/** Posts each loaded URL, then loads it unchanged. */
export async function load(
  url: string,
  context: unknown,
  next: (url: string, context: unknown) => Promise<unknown>,
): Promise<unknown> {
  port?.postMessage(url);
  return next(url, context);
}
