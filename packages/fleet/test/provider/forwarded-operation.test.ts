import type { ProviderInvocation } from '@gate4agent/handle';
import { ProviderCancellationFlag, ProviderCancellationToken } from '@gate4agent/handle';
import { CapabilityObservation } from '@gate4agent/tool-protocol';
import { describe, expect, it } from 'vitest';
import { ForwardedOperation } from '../../src/provider/forwarded-operation.js';

function forwarded() {
  const sent: string[] = [];
  const ended: string[] = [];
  let activity = 0;
  const token = new ProviderCancellationToken(new ProviderCancellationFlag());
  const invocation = { cancellationToken: () => token } as unknown as ProviderInvocation;
  const operation = new ForwardedOperation(
    {
      send: (op, opId) => sent.push(`${op} ${opId}`),
      ended: (opId) => ended.push(opId),
      activity: () => {
        activity += 1;
      },
    },
    'op-1',
    invocation,
  );
  return { operation, sent, ended, activity: () => activity };
}

const failure = CapabilityObservation.codec.encode(
  CapabilityObservation.failed({ kind: 'execution', redactedMessage: 'remote failure' }),
);

describe('ForwardedOperation', () => {
  it('reports the exit only once the provider host reported it, and only the first one', () => {
    const { operation, ended } = forwarded();
    expect(operation.tryWait()).toEqual({ ok: true, value: null });
    expect(operation.tryPollResult()).toEqual({ ok: true, value: { kind: 'pending' } });
    operation.apply({ opId: 'op-1', known: true, result: failure, closed: false, exit: null });
    const poll = operation.tryPollResult();
    expect(poll.ok && poll.value.kind).toBe('ready');
    expect(operation.tryWait()).toEqual({ ok: true, value: null });
    operation.apply({
      opId: 'op-1',
      known: true,
      result: failure,
      closed: false,
      exit: { success: false, code: 3 },
    });
    operation.apply({
      opId: 'op-1',
      known: true,
      result: null,
      closed: true,
      exit: { success: true, code: 0 },
    });
    operation.lose('host-lost: late');
    expect(operation.tryWait()).toEqual({ ok: true, value: { success: false, code: 3 } });
    expect(operation.lostMessage).toBeNull();
    expect(ended).toEqual(['op-1']);
  });

  it('ends once with a host-lost failure when the provider host is lost first', () => {
    const { operation, ended, activity } = forwarded();
    operation.lose('host-lost: provider host p did not answer');
    operation.lose('host-lost: again');
    operation.apply({
      opId: 'op-1',
      known: true,
      result: null,
      closed: false,
      exit: { success: true, code: 0 },
    });
    expect(operation.tryWait()).toEqual({ ok: true, value: { success: false, code: null } });
    const poll = operation.tryPollResult();
    expect(poll.ok && poll.value.kind === 'ready' && poll.value.observation).toMatchObject({
      kind: 'failed',
      failure: {
        kind: 'unavailable',
        redactedMessage: 'host-lost: provider host p did not answer',
      },
    });
    expect(ended).toEqual(['op-1']);
    expect(activity()).toBe(1);
  });

  it('sends each stop message once and none after the exit', () => {
    const { operation, sent } = forwarded();
    operation.requestStop();
    operation.requestStop();
    operation.requestForceStop();
    operation.dispose();
    operation.apply({
      opId: 'op-1',
      known: true,
      result: null,
      closed: true,
      exit: { success: false, code: null },
    });
    expect(sent).toEqual(['stop op-1', 'force-stop op-1']);
  });

  it('closes the result channel on a report that is not an observation', () => {
    const { operation } = forwarded();
    const problem = operation.apply({
      opId: 'op-1',
      known: true,
      result: { kind: 'nonsense' },
      closed: false,
      exit: null,
    });
    expect(problem).toMatch(/CapabilityObservation/);
    expect(operation.tryPollResult()).toEqual({ ok: true, value: { kind: 'closed' } });
  });
});
