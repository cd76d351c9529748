// Port of upstream `crates/gate4agent-handle/tests/control_plane.rs`: the handle with the real kernel.
import { CAPABILITY_PROTOCOL_VERSION, ToolActorId } from '@gate4agent/tool-protocol';
import { err, SessionGeneration, unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { boundedControlPlane } from '../src/control-plane/bounded-control-plane.js';
import { ProviderRuntimeError } from '../src/provider-runtime/contract/provider-runtime-error.js';
import { TryRecvError } from '../src/provider-runtime/contract/try-recv-error.js';
import { ToolAuthorityError } from '../src/tool/tool-authority-error.js';
import { ToolClientDispatchError } from '../src/tool/tool-client-dispatch-error.js';
import {
  attachProviderRuntime,
  grant,
  kernelWith,
  provider,
  providerId,
  request,
  result,
  secondaryProvider,
  secondaryProviderId,
  startRunning,
} from './support/control-plane-fixtures.js';
import { expectCancel, expectInvoke } from './support/provider-fixtures.js';
import { expectCompletion } from './support/receive.js';

const actor = (id: string) => ToolActorId.of(id);

describe('control_plane.rs', () => {
  it('control_plane_e2e_routes_bound_provider_result_only_to_exact_client', () => {
    const [gate, authority, port] = boundedControlPlane(16);
    const client = unwrap(authority.bindClient(actor('agent.primary')));
    const other = unwrap(authority.bindClient(actor('agent.other')));
    const requestOutcomes = client.subscribeRequestOutcomes(4);
    const completions = client.subscribeCompletions(4);
    const otherCompletions = other.subscribeCompletions(4);
    const authorityOutcomes = authority.subscribeOutcomes(4);
    const kernel = kernelWith([provider(), secondaryProvider()]);
    const providerAuthority = port.providerAuthority();
    const providerRuntime = unwrap(providerAuthority.bindProvider(providerId(), 4));
    const secondaryRuntime = unwrap(providerAuthority.bindProvider(secondaryProviderId(), 4));
    const generation = startRunning(kernel, gate, port);
    expect(providerRuntime.state()).toBe('active');
    expect(secondaryRuntime.state()).toBe('active');

    unwrap(authority.dispatch({ kind: 'set-grant', grant: grant(client, generation, 'allow') }));
    const granted = kernel.stepControlPlane(port.drainIngress(8), []);
    port.publishStep(granted);
    expect(unwrap(authorityOutcomes.tryRecv()).result.ok).toBe(true);

    const requestKey = unwrap(client.dispatch(request(1, generation)));
    const dispatched = kernel.stepControlPlane(port.drainIngress(8), []);
    expect(dispatched.toolEffects.length).toBe(1);
    expect(dispatched.toolEffects[0]?.bindingId).toBe(providerRuntime.bindingId());
    port.publishStep(dispatched);
    const invocation = expectInvoke(providerRuntime.tryRecv());
    const publishedSnapshot = client.snapshot();
    expect(publishedSnapshot.backendRevision).toBe(dispatched.backendSnapshot.revision);
    expect(publishedSnapshot.protocolVersion).toBe(CAPABILITY_PROTOCOL_VERSION);
    const accepted = unwrap(requestOutcomes.tryRecv());
    expect(accepted.requestKey).toEqual(requestKey);
    const acceptedSequence = accepted.acceptedSequence;
    expect(acceptedSequence).not.toBeNull();

    expect(secondaryRuntime.trySucceed(invocation, result())).toEqual(
      err(ProviderRuntimeError.foreignInvocation()),
    );
    const observationSequence = unwrap(providerRuntime.trySucceed(invocation, result()));
    const completed = kernel.stepControlPlane(port.drainIngress(8), []);
    port.publishStep(completed);
    const observationOutcome = unwrap(providerRuntime.tryRecvObservationOutcome());
    expect(observationOutcome.sequence).toBe(observationSequence);
    expect(observationOutcome.status).toEqual({ kind: 'applied' });
    const completion = expectCompletion(completions.tryRecv());
    expect(completion.requestKey).toEqual(requestKey);
    expect(completion.acceptedSequence).toBe(acceptedSequence);
    expect(completion.outcome.kind).toBe('succeeded');
    expect(otherCompletions.tryRecv()).toEqual(err(TryRecvError.empty()));
  });

  it('scoped_clients_cannot_observe_each_others_outcomes_or_snapshots', () => {
    const [_gate, authority, port] = boundedControlPlane(8);
    const first = unwrap(authority.bindClient(actor('agent.first')));
    const second = unwrap(authority.bindClient(actor('agent.second')));
    const firstOutcomes = first.subscribeRequestOutcomes(2);
    const secondOutcomes = second.subscribeRequestOutcomes(2);
    const firstCompletions = first.subscribeCompletions(2);
    const secondCompletions = second.subscribeCompletions(2);
    const firstKey = unwrap(first.dispatch(request(1, SessionGeneration.of(0))));
    const secondKey = unwrap(second.dispatch(request(1, SessionGeneration.of(0))));

    const kernel = kernelWith([]);
    const step = kernel.stepControlPlane(port.drainIngress(8), []);
    port.publishStep(step);

    expect(unwrap(firstOutcomes.tryRecv()).requestKey).toEqual(firstKey);
    expect(unwrap(secondOutcomes.tryRecv()).requestKey).toEqual(secondKey);
    const firstCompletion = expectCompletion(firstCompletions.tryRecv());
    const secondCompletion = expectCompletion(secondCompletions.tryRecv());
    expect(firstCompletion.requestKey).toEqual(firstKey);
    expect(secondCompletion.requestKey).toEqual(secondKey);
    expect(first.snapshot().requests[0]?.key).toEqual(firstKey);
    expect(second.snapshot().requests[0]?.key).toEqual(secondKey);
    expect(first.snapshot().grants).toEqual([]);
    expect(second.snapshot().grants).toEqual([]);
  });

  it('detach_fences_approval_and_issued_work_then_allows_fresh_binding', () => {
    const [gate, authority, port] = boundedControlPlane(16);
    const client = unwrap(authority.bindClient(actor('agent.detach')));
    const completions = client.subscribeCompletions(8);
    const kernel = kernelWith([provider()]);
    const providerAuthority = port.providerAuthority();
    const firstRuntime = unwrap(providerAuthority.bindProvider(providerId(), 4));
    const firstBinding = firstRuntime.bindingId();
    const generation = startRunning(kernel, gate, port);

    unwrap(
      authority.dispatch({
        kind: 'set-grant',
        grant: grant(client, generation, 'require-approval'),
      }),
    );
    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
    unwrap(client.dispatch(request(1, generation)));
    const awaiting = kernel.stepControlPlane(port.drainIngress(8), []);
    expect(awaiting.toolEffects).toEqual([]);
    port.publishStep(awaiting);

    unwrap(firstRuntime.close());
    const detachedApproval = kernel.stepControlPlane(port.drainIngress(8), []);
    port.publishStep(detachedApproval);
    expect(firstRuntime.state()).toBe('closed');
    const approvalCompletion = expectCompletion(completions.tryRecv());
    expect(approvalCompletion.outcome).toEqual({
      kind: 'provider-detached',
      cancellation: 'not-required',
    });

    const secondRuntime = attachProviderRuntime(kernel, port, providerAuthority, providerId(), 4);
    expect(secondRuntime.bindingId()).not.toBe(firstBinding);
    unwrap(authority.dispatch({ kind: 'set-grant', grant: grant(client, generation, 'allow') }));
    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));

    unwrap(client.dispatch(request(2, generation)));
    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
    const oldInvocation = expectInvoke(secondRuntime.tryRecv());
    const oldCompletion = secondRuntime.completionHandle();
    const cancellation = oldInvocation.cancellationToken();
    const secondBinding = secondRuntime.bindingId();
    unwrap(secondRuntime.close());
    expect(cancellation.isCancelled()).toBe(true);
    expect(secondRuntime.tryRecv()).toEqual(err(TryRecvError.disconnected()));

    const detachedIssued = kernel.stepControlPlane(port.drainIngress(8), []);
    port.publishStep(detachedIssued);
    const issuedCompletion = expectCompletion(completions.tryRecv());
    expect(issuedCompletion.outcome).toEqual({
      kind: 'provider-detached',
      cancellation: 'provider-detached-unconfirmed',
    });
    expect(oldCompletion.trySucceed(oldInvocation, result())).toEqual(
      err(ProviderRuntimeError.inactive()),
    );

    const thirdRuntime = attachProviderRuntime(kernel, port, providerAuthority, providerId(), 4);
    expect(thirdRuntime.bindingId()).not.toBe(secondBinding);
    expect(oldCompletion.trySucceed(oldInvocation, result())).toEqual(
      err(ProviderRuntimeError.inactive()),
    );
    expect(client.snapshot().availableProviders).toEqual([providerId()]);
  });

  it('full_provider_work_queue_fails_closed_and_hides_availability', () => {
    const [gate, authority, port] = boundedControlPlane(16);
    const client = unwrap(authority.bindClient(actor('agent.provider-full')));
    const completions = client.subscribeCompletions(4);
    const kernel = kernelWith([provider()]);
    const providerAuthority = port.providerAuthority();
    const runtime = unwrap(providerAuthority.bindProvider(providerId(), 1));
    const oldBinding = runtime.bindingId();
    const bindingCancellation = runtime.cancellationToken();
    const generation = startRunning(kernel, gate, port);
    unwrap(authority.dispatch({ kind: 'set-grant', grant: grant(client, generation, 'allow') }));
    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));

    unwrap(client.dispatch(request(1, generation)));
    unwrap(client.dispatch(request(2, generation)));
    const invoked = kernel.stepControlPlane(port.drainIngress(8), []);
    expect(invoked.toolEffects.length).toBe(2);
    const report = port.publishStep(invoked);
    expect(report.providerEffects.delivered).toBe(1);
    expect(report.providerEffects.queueFull).toBe(1);
    expect(runtime.state()).toBe('closing');
    expect(bindingCancellation.isCancelled()).toBe(true);
    expect(runtime.tryRecv()).toEqual(err(TryRecvError.disconnected()));
    expect(client.snapshot().availableProviders).toEqual([]);

    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
    expect(runtime.state()).toBe('closed');
    for (let index = 0; index < 2; index += 1) {
      const completion = expectCompletion(completions.tryRecv());
      expect(completion.outcome).toEqual({
        kind: 'provider-detached',
        cancellation: 'provider-detached-unconfirmed',
      });
    }

    const replacement = attachProviderRuntime(kernel, port, providerAuthority, providerId(), 2);
    expect(replacement.bindingId()).not.toBe(oldBinding);
  });

  it('earlier_revoke_is_reduced_before_later_provider_success', () => {
    const [gate, authority, port] = boundedControlPlane(16);
    const client = unwrap(authority.bindClient(actor('agent.revoke-order')));
    const completions = client.subscribeCompletions(2);
    const kernel = kernelWith([provider()]);
    const providerAuthority = port.providerAuthority();
    const runtime = unwrap(providerAuthority.bindProvider(providerId(), 4));
    const generation = startRunning(kernel, gate, port);
    const policy = grant(client, generation, 'allow');
    unwrap(authority.dispatch({ kind: 'set-grant', grant: policy }));
    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));

    unwrap(client.dispatch(request(1, generation)));
    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
    const invocation = expectInvoke(runtime.tryRecv());
    const invocationCancellation = invocation.cancellationToken();

    unwrap(authority.dispatch({ kind: 'revoke-grant', key: policy.key }));
    unwrap(runtime.trySucceed(invocation, result()));
    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
    expect(invocationCancellation.isCancelled()).toBe(true);

    const completion = expectCompletion(completions.tryRecv());
    expect(completion.outcome.kind).toBe('grant-revoked');
    expect(unwrap(runtime.tryRecvObservationOutcome()).status).toEqual({
      kind: 'ignored',
      reason: 'request-not-dispatched',
    });
    const cancellation = expectCancel(runtime.tryRecv());
    expect(cancellation.reason()).toBe('grant-revoked');
    expect(runtime.state()).toBe('active');
    expect(runtime.cancellationToken().isCancelled()).toBe(false);

    unwrap(authority.dispatch({ kind: 'set-grant', grant: grant(client, generation, 'allow') }));
    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
    unwrap(client.dispatch(request(2, generation)));
    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
    expect(unwrap(runtime.tryRecv()).kind).toBe('invoke');
  });

  it('dropped_attaching_runtime_is_retired_once_and_can_rebind', () => {
    const [_gate, _authority, port] = boundedControlPlane(8);
    const providerAuthority = port.providerAuthority();
    const kernel = kernelWith([provider()]);

    const runtime = unwrap(providerAuthority.bindProvider(providerId(), 2));
    const oldBinding = runtime.bindingId();
    runtime.dispose();
    const retired = kernel.stepControlPlane(port.drainIngress(8), []);
    expect(retired.ingressOutcomes.length).toBe(2);
    port.publishStep(retired);
    expect(providerAuthority.activeBindingCount()).toBe(0);

    const replacement = attachProviderRuntime(kernel, port, providerAuthority, providerId(), 2);
    expect(replacement.bindingId()).not.toBe(oldBinding);
  });

  it('full_close_retry_does_not_block_authority_and_enqueues_close_once', () => {
    const [_gate, authority, port] = boundedControlPlane(1);
    const client = unwrap(authority.bindClient(actor('agent.close')));
    const clone = client.clone();
    unwrap(client.dispatch(request(1, SessionGeneration.of(0))));

    expect(authority.closeClient(client)).toEqual(err(ToolAuthorityError.full()));
    expect(clone.dispatch(request(2, SessionGeneration.of(0)))).toEqual(
      err(ToolClientDispatchError.inactive()),
    );
    const first = port.drainIngress(1);
    expect(first[0]?.kind).toBe('tool-request');

    expect(
      unwrap(
        authority.dispatch({
          kind: 'set-grant',
          grant: grant(client, SessionGeneration.of(0), 'allow'),
        }),
      ),
    ).toBe(1);
    const setGrant = port.drainIngress(1)[0];
    expect(setGrant?.kind === 'tool-authority' && setGrant.envelope.sequence === 1).toBe(true);

    expect(unwrap(authority.closeClient(clone))).toBe(2);
    expect(unwrap(authority.closeClient(client))).toBe(2);
    const close = port.drainIngress(1)[0];
    expect(
      close?.kind === 'tool-authority' &&
        close.envelope.sequence === 2 &&
        close.envelope.command.kind === 'close-client',
    ).toBe(true);
    expect(port.drainIngress(1)).toEqual([]);
  });

  it('registered_provider_without_local_runtime_is_rejected_before_ingress', () => {
    const [_gate, authority, port] = boundedControlPlane(8);
    const client = unwrap(authority.bindClient(actor('agent.no-runtime')));
    const kernel = kernelWith([provider()]);
    const initial = kernel.stepControlPlane([], []);
    port.publishStep(initial);

    expect(client.dispatch(request(1, SessionGeneration.of(0)))).toEqual(
      err(ToolClientDispatchError.providerUnavailable(providerId())),
    );
    expect(port.drainIngress(8)).toEqual([]);
  });

  it('client_closed_completion_is_delivered_before_subscription_disconnect', () => {
    const [gate, authority, port] = boundedControlPlane(16);
    const client = unwrap(authority.bindClient(actor('agent.close-order')));
    const clone = client.clone();
    const completionSubscription = client.subscribeCompletions(4);
    const authoritySubscription = authority.subscribeOutcomes(4);
    const kernel = kernelWith([provider()]);
    const providerAuthority = port.providerAuthority();
    unwrap(providerAuthority.bindProvider(providerId(), 2));
    const generation = startRunning(kernel, gate, port);

    unwrap(
      authority.dispatch({
        kind: 'set-grant',
        grant: grant(client, generation, 'require-approval'),
      }),
    );
    port.publishStep(kernel.stepControlPlane(port.drainIngress(8), []));
    unwrap(authoritySubscription.tryRecv());

    unwrap(client.dispatch(request(9, generation)));
    const awaiting = kernel.stepControlPlane(port.drainIngress(8), []);
    expect(awaiting.toolEffects).toEqual([]);
    port.publishStep(awaiting);

    unwrap(authority.closeClient(client));
    expect(clone.dispatch(request(10, generation))).toEqual(
      err(ToolClientDispatchError.inactive()),
    );
    const closed = kernel.stepControlPlane(port.drainIngress(8), []);
    const report = port.publishStep(closed);
    expect(report.closedClients).toBe(1);
    const closeOutcome = unwrap(authoritySubscription.tryRecv());
    expect(closeOutcome.result.ok && closeOutcome.result.value.kind).toBe('client-closed');
    const completion = expectCompletion(completionSubscription.tryRecv());
    expect(completion.outcome.kind).toBe('client-closed');
    expect(completionSubscription.tryRecv()).toEqual(err(TryRecvError.disconnected()));
  });

  it('slow_scoped_subscribers_disconnect_and_exhaustion_gap_is_not_repeated', () => {
    const [_gate, authority, port] = boundedControlPlane(8);
    const client = unwrap(authority.bindClient(actor('agent.slow')));
    const outcomes = client.subscribeRequestOutcomes(1);
    const completions = client.subscribeCompletions(1);
    unwrap(client.dispatch(request(1, SessionGeneration.of(0))));
    unwrap(client.dispatch(request(2, SessionGeneration.of(0))));

    const kernel = kernelWith([]);
    let step = kernel.stepControlPlane(port.drainIngress(8), []);
    const report = port.publishStep(step);
    expect(report.requestOutcomes.disconnectedSlow).toBe(1);
    expect(report.completions.disconnectedSlow).toBe(1);
    unwrap(outcomes.tryRecv());
    expect(outcomes.tryRecv()).toEqual(err(TryRecvError.disconnected()));
    unwrap(completions.tryRecv());
    expect(completions.tryRecv()).toEqual(err(TryRecvError.disconnected()));

    const gapSubscription = client.subscribeCompletions(2);
    const retainedCompletion = step.toolCompletions.completions[0];
    if (retainedCompletion === undefined) throw new Error('expected a completion');
    step = {
      ...step,
      ingressOutcomes: [],
      events: [],
      toolCompletions: {
        ...step.toolCompletions,
        completions: [retainedCompletion],
        droppedSinceLastDrain: 1,
        totalDropped: 1,
        sequenceExhausted: true,
      },
    };
    port.publishStep(step);
    expect(unwrap(gapSubscription.tryRecv()).kind).toBe('completion');
    const gap = unwrap(gapSubscription.tryRecv());
    expect(
      gap.kind === 'source-gap' && gap.gap.droppedSinceLastDrain === 1 && gap.gap.sequenceExhausted,
    ).toBe(true);

    step = {
      ...step,
      toolCompletions: { ...step.toolCompletions, completions: [], droppedSinceLastDrain: 0 },
    };
    port.publishStep(step);
    expect(gapSubscription.tryRecv()).toEqual(err(TryRecvError.empty()));
  });
});
