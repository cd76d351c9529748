// The NATS client packages, loaded when a fleet object first needs them rather than when the
// package is imported: `import('@gate4agent/fleet')` stays cheap for code that only reads its
// types, constants or subjects (issue #14, row import-fleet). They are CommonJS packages, so a
// synchronous `require` loads the very module an ESM `import` of them gets (one instance: the
// error classes match with `instanceof`), and every API of the fleet stays synchronous.
import { createRequire } from 'node:module';
import type * as JetStream from '@nats-io/jetstream';
import type * as Kv from '@nats-io/kv';
import type * as Transport from '@nats-io/transport-node';

const load = createRequire(import.meta.url);

let transport: typeof Transport | undefined;
let jetStream: typeof JetStream | undefined;
let kv: typeof Kv | undefined;

/** @internal `@nats-io/transport-node`, loaded on first use. */
export function natsTransport(): typeof Transport {
  transport ??= load('@nats-io/transport-node') as typeof Transport;
  return transport;
}

/** @internal `@nats-io/jetstream`, loaded on first use. */
export function natsJetStream(): typeof JetStream {
  jetStream ??= load('@nats-io/jetstream') as typeof JetStream;
  return jetStream;
}

/** @internal `@nats-io/kv`, loaded on first use. */
export function natsKv(): typeof Kv {
  kv ??= load('@nats-io/kv') as typeof Kv;
  return kv;
}
