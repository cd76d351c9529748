// Pins the ingress batch limit of `NativeRuntime.tick()` (runtime-native §4 step 2): at most
// `maxCommandsPerTick` items per tick, at least one even when configured as 0, and the rest left
// in FIFO order for the next ticks. The step is published inside the same tick.
import { interactiveAgentSpec } from '@gate4agent/testkit';
import { AgentInstanceId, unwrap } from '@gate4agent/types';
import { afterEach, describe, expect, it } from 'vitest';
import { NativeRuntime } from '../../src/runtime/native-runtime.js';
import { command, registry } from './support/fixtures.js';

const runtimes: NativeRuntime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.dispose();
});

/** A stop for an instance that was never registered: rejected by the kernel, spawns nothing. */
const stop = (id: number) =>
  command(id, { kind: 'stop', instanceId: AgentInstanceId.of(9_101), force: false });

function runtimeWith(maxCommandsPerTick: number) {
  const [handle, runtime] = NativeRuntime.new(registry(interactiveAgentSpec()), {
    maxCommandsPerTick,
  });
  runtimes.push(runtime);
  return { handle, runtime };
}

describe('NativeRuntime.tick batch limits', () => {
  it('reduces at most maxCommandsPerTick ingress items per tick, in FIFO order', () => {
    const { handle, runtime } = runtimeWith(2);
    for (let id = 1; id <= 3; id += 1) unwrap(handle.dispatch(stop(id)));
    const ids = (tick: ReturnType<NativeRuntime['tick']>) =>
      tick.commandOutcomes.map((outcome) => outcome.commandId);
    expect(ids(runtime.tick())).toEqual([1, 2]);
    expect(ids(runtime.tick())).toEqual([3]);
    expect(ids(runtime.tick())).toEqual([]);
  });

  it('takes one item per tick when maxCommandsPerTick is 0', () => {
    const { handle, runtime } = runtimeWith(0);
    unwrap(handle.dispatch(stop(1)));
    unwrap(handle.dispatch(stop(2)));
    const events = handle.subscribe(8);
    const first = runtime.tick();
    expect(first.commandOutcomes.map((outcome) => outcome.commandId)).toEqual([1]);
    expect(first.commandOutcomes[0]!.result.ok).toBe(false);
    // Published within the tick: the rejection event is already on the subscription.
    expect(first.publishReport.delivered).toBe(1);
    expect(unwrap(events.tryRecv())).toMatchObject({
      commandId: 1,
      event: { kind: 'command-rejected' },
    });
    expect(handle.snapshot().revision).toBe(first.snapshotRevision);
    expect(runtime.tick().commandOutcomes.map((outcome) => outcome.commandId)).toEqual([2]);
  });
});
