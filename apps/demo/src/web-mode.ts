// `npm run demo -- --web`: the system keeps running with its live web view until Ctrl-C. The
// fixture agent first shows a workspace trust dialog (answer it in the page), a provider serves
// a request every few seconds, and a second actor's requests wait for approval in the page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { AgentRegistry } from '@gate4agent/agent-catalog';
import type { ToolClientHandle } from '@gate4agent/handle';
import { NativeRuntime } from '@gate4agent/runtime-native';
import { trustDialogAgentSpec } from '@gate4agent/testkit';
import { ToolActorId } from '@gate4agent/tool-protocol';
import { unwrap } from '@gate4agent/types';
import { WebView } from '@gate4agent/web';
import {
  type DemoOp,
  demoExecutor,
  demoGrant,
  demoRequest,
  PROVIDER_ID,
  providerDescriptor,
} from './tool-provider.js';

/** Time between two rounds of requests. */
const ROUND_MS = 4_000;

/** Runs the demo with its web view until `signal` is aborted (Ctrl-C); returns the exit status. */
export async function runWebDemo(
  write: (line: string) => void,
  signal: AbortSignal,
): Promise<number> {
  const spec = trustDialogAgentSpec();
  const { runtime } = unwrap(
    NativeRuntime.create(unwrap(AgentRegistry.create([spec])), {
      config: { providerStopGraceMs: 1_000 },
      providers: [providerDescriptor()],
    }),
  );
  const scratch = mkdtempSync(join(tmpdir(), 'gate4agent-demo-web-'));
  const pending = new Set<Promise<unknown>>();
  try {
    const agent = await runtime.launchAgent(spec.id, {
      cwd: scratch,
      terminalSize: { rows: 20, columns: 80 },
    });
    await using view = await WebView.start({
      runtime,
      sessions: [agent],
      title: 'gate4agent demo',
    });
    write(`web view: ${view.url}`);
    write('(open it in a browser on this machine; press Ctrl-C to stop)');

    const allowed = unwrap(runtime.toolClient(ToolActorId.of('agent.demo')));
    const reviewed = unwrap(runtime.toolClient(ToolActorId.of('agent.reviewed')));
    unwrap(runtime.installNativeProvider(PROVIDER_ID, 8, demoExecutor(new Map())));
    await runtime.waitUntil(() => allowed.snapshot().availableProviders.includes(PROVIDER_ID));
    const generation = agent.generation;
    if (generation === null) throw new Error('the agent ended before its tools were set up');
    const { instanceId } = agent;
    await runtime.toolAuthority().grant(demoGrant(allowed, instanceId, generation));
    await runtime
      .toolAuthority()
      .grant({ ...demoGrant(reviewed, instanceId, generation), mode: 'require-approval' });
    write('granted browser.demo to agent.demo (allow) and agent.reviewed (require-approval)');

    let localId = 0;
    const send = (client: ToolClientHandle, op: DemoOp) => {
      localId += 1;
      const answer = client
        .request(demoRequest(localId, instanceId, generation, op), { signal })
        .catch(() => undefined);
      pending.add(answer);
      void answer.finally(() => pending.delete(answer));
    };
    // One held operation to revoke mid-flight from the page.
    send(allowed, { op: 'hold' });
    for (let round = 1; !signal.aborted && agent.status.kind !== 'exited'; round += 1) {
      send(allowed, { op: 'echo', text: `round ${round}` });
      if (round % 3 === 1) send(reviewed, { op: 'echo', text: `reviewed ${round}` });
      if (round % 5 === 0) send(allowed, { op: 'fail' });
      await delay(ROUND_MS, undefined, { signal }).catch(() => undefined);
    }
    write('stopping');
    await Promise.allSettled(pending);
    await agent.dispose();
    unwrap(await runtime.shutdownNativeProviders());
  } finally {
    await runtime.dispose();
    rmSync(scratch, { recursive: true, force: true });
  }
  write('web demo stopped; runtime disposed');
  return 0;
}
