import { unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilitySession,
  CapabilityValue,
  type ModelClient,
  SessionCapabilityBatch,
} from '../../src/index.js';
import {
  CutoverClient,
  FailingUseLeaseProvider,
  finalTextResponse,
  type LeaseCounters,
  leaseCounters,
  NoopClient,
  provider,
  testSession,
  toolCallResponse,
  useGeneration,
  useToolSet,
  VersionedTool,
  waitUntil,
} from '../../src/testing/index.js';

async function publishTool(
  session: CapabilitySession,
  counters: LeaseCounters,
  executions: string[],
) {
  const upstream = useGeneration(1, 'a');
  const { set, ids } = useToolSet(1, upstream, [['projected', 'b']]);
  const batch = unwrap(SessionCapabilityBatch.fromUseProjection(set, provider(upstream, counters)));
  unwrap(
    batch.stageValue(
      ids.projected!,
      CapabilityValue.tool(new VersionedTool('projected', 'generation-one', executions)),
    ),
  );
  unwrap(await session.applyCapabilityBatch(batch));
}

function scripted(
  ...responses: Parameters<typeof finalTextResponse>[0][]
): ModelClient & { calls: number } {
  const client = {
    calls: 0,
    async complete() {
      const text = responses[client.calls] ?? 'done';
      client.calls += 1;
      return text === 'call-projected'
        ? toolCallResponse('c1', 'projected', {})
        : finalTextResponse(text);
    },
    completeStreaming: () => {
      throw new Error('not used');
    },
  };
  return client;
}

describe('Runs', () => {
  it('starts a Run in the background, settles it and replays the same id and prompt', async () => {
    const counters = leaseCounters();
    const executions: string[] = [];
    const client = scripted('call-projected', 'finished');
    const session = testSession('spawned-run', client);
    await publishTool(session, counters, executions);
    const started = unwrap(await session.spawnRunWithId('run-a', 'go'));
    expect(started).toMatchObject({
      kind: 'started',
      snapshot: { status: 'running', runId: 'run-a' },
    });
    expect(session.currentRun()?.runId).toBe('run-a');
    await waitUntil(() => session.runSnapshot('run-a')?.status === 'completed');
    expect(executions).toEqual(['generation-one']);
    expect(counters).toEqual({ acquired: 1, dropped: 1 });
    expect(session.currentRun()).toBeNull();
    expect(unwrap(await session.spawnRunWithId('run-a', 'go'))).toMatchObject({
      kind: 'replayed',
      snapshot: { status: 'completed' },
    });
    expect(await session.spawnRunWithId('run-a', 'another prompt')).toMatchObject({
      ok: false,
      error: { kind: 'run-identity-conflict', runId: 'run-a' },
    });
  });

  it('admits one Run at a time', async () => {
    const client = new CutoverClient();
    const session = testSession('busy', client);
    await publishTool(session, leaseCounters(), []);
    const first = session.send('first');
    await client.oldDefinitionObserved.wait();
    expect(await session.send('second')).toMatchObject({
      ok: false,
      error: { kind: 'session-busy' },
    });
    client.releaseOldCall.signal();
    expect(unwrap(await first).text).toBe('generation one complete');
  });

  it('never calls the model when admission fails', async () => {
    const client = new NoopClient();
    const session = testSession('admission-failure', client);
    const upstream = useGeneration(1, 'a');
    const { set, ids } = useToolSet(1, upstream, [['projected', 'b']]);
    const batch = unwrap(
      SessionCapabilityBatch.fromUseProjection(set, new FailingUseLeaseProvider(upstream)),
    );
    unwrap(
      batch.stageValue(
        ids.projected!,
        CapabilityValue.tool(new VersionedTool('projected', 'v', [])),
      ),
    );
    unwrap(await session.applyCapabilityBatch(batch));
    expect(await session.send('hello')).toMatchObject({
      ok: false,
      error: {
        kind: 'capability',
        message:
          'A3S Use generation lease acquisition failed: deterministic Use lease failure; check the lease provider, then retry',
      },
    });
    expect(client.calls).toBe(0);
  });

  it('fails the Run with the model error and still releases its lease', async () => {
    const counters = leaseCounters();
    const session = testSession('model-failure', new NoopClient());
    await publishTool(session, counters, []);
    expect(await session.send('hello')).toMatchObject({
      ok: false,
      error: { kind: 'agent-loop', detail: 'the no-op client must not be called' },
    });
    expect(counters).toEqual({ acquired: 1, dropped: 1 });
    expect(session.runSnapshot('run-1')).toMatchObject({ status: 'failed' });
    const noClient = new CapabilitySession({ sessionId: 'no-client' });
    expect(await noClient.send('hello')).toMatchObject({
      ok: false,
      error: { kind: 'agent-loop' },
    });
  });

  it('refuses Runs and admissions after close, and marks an active Run cancelled', async () => {
    const client = new CutoverClient();
    const counters = leaseCounters();
    const session = testSession('closing-runs', client);
    await publishTool(session, counters, []);
    const running = session.send('first');
    await client.oldDefinitionObserved.wait();
    const closing = session.close();
    await waitUntil(() => session.closed);
    expect(session.runSnapshot('run-1')?.status).toBe('cancelled');
    client.releaseOldCall.signal();
    await running;
    await closing;
    expect(counters).toEqual({ acquired: 1, dropped: 1 });
    expect(session.runSnapshot('run-1')?.status).toBe('cancelled');
    expect(await session.send('late')).toMatchObject({
      ok: false,
      error: { kind: 'session-closed' },
    });
    expect(await session.admitCapabilityRun()).toMatchObject({
      ok: false,
      error: { kind: 'session-closed' },
    });
    await session.close();
  });
});
