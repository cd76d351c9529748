// Handle + kernel, 64 tool requests per step (run by `pnpm bench:packages`, not by tests). Each
// step the kernel loop drains the shared ingress, reduces it and publishes the step; four tool clients
// (16 requests each, inside the 32-live-per-client limit) dispatch the next 64 requests, the
// provider runtime succeeds the 64 invocations the step released and takes its receipts, and
// each client takes its completions. So every request crosses the handle's edge checks, the kernel and the publication.
import { ToolActorId } from '@gate4agent/tool-protocol';
import { unwrap } from '@gate4agent/types';
import { bench, describe } from 'vitest';
import { boundedControlPlane } from '../src/control-plane/bounded-control-plane.js';
import type { ProviderRuntimeHandle } from '../src/provider-runtime/provider-runtime-handle.js';
import {
  grant,
  kernelWith,
  provider,
  providerId,
  request,
  result,
  startRunning,
} from '../test/support/control-plane-fixtures.js';

const REQUESTS_PER_STEP = 64;
const CLIENTS = 4;

const [gate, authority, port] = boundedControlPlane(1_024);
const kernel = kernelWith([provider()]);
const runtime: ProviderRuntimeHandle = unwrap(
  port.providerAuthority().bindProvider(providerId(), 1_024),
);
const generation = startRunning(kernel, gate, port);
const clients = Array.from({ length: CLIENTS }, (_, index) =>
  unwrap(authority.bindClient(ToolActorId.of(`bench-actor-${index}`))),
);
const completions = clients.map((client) => client.subscribeCompletions(1_024));
for (const client of clients) {
  unwrap(authority.dispatch({ kind: 'set-grant', grant: grant(client, generation, 'allow') }));
}
port.publishStep(kernel.stepControlPlane(port.drainIngress(1_024), []));

let nextLocalId = 1;

/** One kernel-loop turn; returns how many completions the clients took. */
function turn(): number {
  for (let index = 0; index < REQUESTS_PER_STEP; index += 1) {
    const client = clients[index % CLIENTS]!;
    unwrap(
      client.dispatch({
        ...request(nextLocalId, generation),
        deadlineTick: Number.MAX_SAFE_INTEGER,
      }),
    );
    nextLocalId += 1;
  }
  const step = kernel.stepControlPlane(port.drainIngress(1_024), []);
  port.publishStep(step);
  for (let work = runtime.tryRecv(); work.ok; work = runtime.tryRecv()) {
    if (work.value.kind === 'invoke') unwrap(runtime.trySucceed(work.value.invocation, result()));
  }
  while (runtime.tryRecvObservationOutcome().ok);
  let taken = 0;
  for (const subscription of completions) {
    for (
      let completion = subscription.tryRecv();
      completion.ok;
      completion = subscription.tryRecv()
    )
      taken += 1;
  }
  return taken;
}

turn();
describe('handle + kernel', () => {
  bench(
    `dispatch → step → publish → succeed → completion, ${REQUESTS_PER_STEP} requests/step`,
    () => {
      const taken = turn();
      if (taken !== REQUESTS_PER_STEP) {
        throw new Error(`expected ${REQUESTS_PER_STEP} completions, took ${taken}`);
      }
    },
  );
});
