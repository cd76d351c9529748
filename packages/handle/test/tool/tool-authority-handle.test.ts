// What upstream leaves out: the authority's limits, counters and refusals.
import { ToolActorId, ToolAuthorityEnvelope } from '@gate4agent/tool-protocol';
import { err, ok, SessionGeneration, unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { COUNTER_MAX, MAX_AUTHORITY_SUBSCRIBERS, MAX_TOOL_CLIENTS } from '../../src/constants.js';
import { boundedControlPlane } from '../../src/control-plane/bounded-control-plane.js';
import { TryRecvError } from '../../src/provider-runtime/contract/try-recv-error.js';
import { ToolAuthorityError } from '../../src/tool/tool-authority-error.js';
import { toolAuthorityStateOf } from '../../src/tool/tool-authority-handle.js';
import { ToolClientDispatchError } from '../../src/tool/tool-client-dispatch-error.js';
import { grant, kernelWith, request } from '../support/control-plane-fixtures.js';

const actor = (id = 'agent.unit') => ToolActorId.of(id);
const generation = SessionGeneration.of(0);

describe('ToolAuthorityHandle.bindClient', () => {
  it('mints gate4agent-client-<n> ids that are never reused, for repeated actor ids too', () => {
    const [, authority] = boundedControlPlane(8);
    const first = unwrap(authority.bindClient(actor()));
    const second = unwrap(authority.bindClient(actor()));
    expect([first.consumerId(), second.consumerId()]).toEqual([
      'gate4agent-client-1',
      'gate4agent-client-2',
    ]);
    expect(second.actorId()).toBe(first.actorId());
  });

  it('throws a typed misuse error for an actor id that did not come from its factory', () => {
    const [, authority] = boundedControlPlane(8);
    expect(() => authority.bindClient('not an id' as ToolActorId)).toThrow(
      expect.objectContaining({ name: 'Gate4AgentError', kind: 'invalid-argument' }),
    );
    expect(toolAuthorityStateOf(authority).clients.size).toBe(0);
  });

  it('registers MAX_TOOL_CLIENTS clients and refuses one more without consuming an id', () => {
    const [, authority] = boundedControlPlane(8);
    for (let index = 0; index < MAX_TOOL_CLIENTS; index += 1) unwrap(authority.bindClient(actor()));
    const state = toolAuthorityStateOf(authority);
    expect(authority.bindClient(actor())).toEqual(err(ToolAuthorityError.clientCapacityExceeded()));
    expect(state.nextClientId).toBe(MAX_TOOL_CLIENTS + 1);
    expect(state.clients.size).toBe(MAX_TOOL_CLIENTS);
  });

  it('passes one below the consumer-id ceiling and refuses at it', () => {
    const [, authority] = boundedControlPlane(8);
    const state = toolAuthorityStateOf(authority);
    state.nextClientId = COUNTER_MAX - 1;
    expect(unwrap(authority.bindClient(actor())).consumerId()).toBe(
      `gate4agent-client-${COUNTER_MAX - 1}`,
    );
    expect(authority.bindClient(actor())).toEqual(
      err(ToolAuthorityError.counterExhausted('consumer-id')),
    );
    expect(state.clients.size).toBe(1);
  });
});

describe('ToolAuthorityHandle.dispatch', () => {
  it('numbers commands from 1 and does not consume a sequence on a failed send', () => {
    const [, authority, port] = boundedControlPlane(1);
    const client = unwrap(authority.bindClient(actor()));
    const command = { kind: 'set-grant' as const, grant: grant(client, generation, 'allow') };
    expect(authority.dispatch(command)).toEqual(ok(1));
    expect(authority.dispatch(command)).toEqual(err(ToolAuthorityError.full()));
    port.drainIngress(1);
    expect(authority.dispatch(command)).toEqual(ok(2));
    port.dispose();
    expect(authority.dispatch(command)).toEqual(err(ToolAuthorityError.disconnected()));
    expect(toolAuthorityStateOf(authority).nextAuthoritySequence).toBe(3);
  });

  it('queues its checked copy, which the next check of the envelope takes as it is', () => {
    const [, authority, port] = boundedControlPlane(8);
    const client = unwrap(authority.bindClient(actor()));
    const command = { kind: 'set-grant' as const, grant: grant(client, generation, 'allow') };
    unwrap(authority.dispatch(command));
    const [queued] = port.drainIngress(1);
    if (queued?.kind !== 'tool-authority') throw new Error('expected a tool-authority item');
    expect(queued.envelope.sequence).toBe(1);
    expect(queued.envelope.command).not.toBe(command);
    // The kernel's step check takes the handed-off copy itself; any later check copies again.
    expect(unwrap(ToolAuthorityEnvelope.codec.checkValue(queued.envelope))).toBe(queued.envelope);
    expect(unwrap(ToolAuthorityEnvelope.codec.checkValue(queued.envelope))).not.toBe(
      queued.envelope,
    );
  });

  it('refuses close-client and enqueues nothing', () => {
    const [, authority, port] = boundedControlPlane(8);
    const client = unwrap(authority.bindClient(actor()));
    expect(
      authority.dispatch({
        kind: 'close-client',
        consumerId: client.consumerId(),
        actorId: client.actorId(),
      }),
    ).toEqual(err(ToolAuthorityError.closeRequiresMethod()));
    expect(port.drainIngress(8)).toEqual([]);
    expect(unwrap(client.dispatch(request(1, generation))).localId).toBe(1);
  });

  it('passes one below the authority-sequence ceiling and refuses at it', () => {
    const [, authority, port] = boundedControlPlane(8);
    const client = unwrap(authority.bindClient(actor()));
    toolAuthorityStateOf(authority).nextAuthoritySequence = COUNTER_MAX - 1;
    const command = { kind: 'set-grant' as const, grant: grant(client, generation, 'allow') };
    expect(authority.dispatch(command)).toEqual(ok(COUNTER_MAX - 1));
    expect(authority.dispatch(command)).toEqual(
      err(ToolAuthorityError.counterExhausted('authority-sequence')),
    );
    expect(authority.closeClient(client)).toEqual(
      err(ToolAuthorityError.counterExhausted('authority-sequence')),
    );
    expect(unwrap(client.dispatch(request(1, generation))).localId).toBe(1);
    expect(port.drainIngress(8).length).toBe(2);
  });

  it('gives subscriptions over MAX_AUTHORITY_SUBSCRIBERS a disconnected reader', () => {
    const [, authority] = boundedControlPlane(8);
    const registered = Array.from({ length: MAX_AUTHORITY_SUBSCRIBERS }, () =>
      authority.subscribeOutcomes(1),
    );
    const over = authority.subscribeOutcomes(1);
    expect(registered.at(-1)?.tryRecv()).toEqual(err(TryRecvError.empty()));
    expect(over.tryRecv()).toEqual(err(TryRecvError.disconnected()));
  });
});

describe('ToolAuthorityHandle.closeClient', () => {
  it('refuses a client of another authority and leaves it active', () => {
    const [, authority, port] = boundedControlPlane(8);
    const [, otherAuthority] = boundedControlPlane(8);
    const foreign = unwrap(otherAuthority.bindClient(actor()));
    expect(authority.closeClient(foreign)).toEqual(err(ToolAuthorityError.foreignClient()));
    expect(port.drainIngress(8)).toEqual([]);
    expect(foreign.dispatch(request(1, generation)).ok).toBe(true);
  });

  it('works through any clone of the authority and refuses a finalized client', () => {
    const [, authority, port] = boundedControlPlane(8);
    const client = unwrap(authority.bindClient(actor()));
    const kernel = kernelWith([]);
    expect(authority.clone().closeClient(client)).toEqual(ok(1));
    const report = port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
    expect(report.closedClients).toBe(1);
    expect(authority.closeClient(client)).toEqual(err(ToolAuthorityError.clientClosed()));
    expect(client.dispatch(request(1, generation))).toEqual(
      err(ToolClientDispatchError.inactive()),
    );
    expect(client.subscribeCompletions(1).tryRecv()).toEqual(err(TryRecvError.disconnected()));
    expect(client.snapshot().grants).toEqual([]);
  });

  it('moves a refused close back to retry, so the next call sends a fresh sequence', () => {
    const [, authority, port] = boundedControlPlane(8);
    const client = unwrap(authority.bindClient(actor()));
    const kernel = kernelWith([]);
    expect(authority.closeClient(client)).toEqual(ok(1));
    const step = kernel.stepControlPlane(port.drainIngress(8), []);
    const refused = {
      ...step,
      ingressOutcomes: [
        {
          kind: 'tool-authority' as const,
          outcome: {
            sequence: 1,
            result: err({ kind: 'integration-blocked', message: 'blocked' }),
          },
        },
      ],
    } as typeof step;
    expect(port.publishStep(refused).closedClients).toBe(0);
    expect(client.dispatch(request(1, generation))).toEqual(
      err(ToolClientDispatchError.inactive()),
    );
    expect(authority.closeClient(client)).toEqual(ok(2));
  });
});
