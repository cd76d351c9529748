// A minimal provider-runtime port for driving a ProviderSupervisor directly (the control plane
// admits at most TOOL_REQUESTS_MAX requests, the supervisor holds MAX_PROVIDER_SUPERVISOR_OPERATIONS):
// a work queue the scenario fills with invocations, completions accepted and counted, and the
// close handshake the supervisor's retirement needs. Implements the public ProviderRuntimePort.
import {
  ProviderCancellationFlag,
  ProviderCancellationToken,
  type ProviderInvocation,
  type ProviderObservationOutcome,
  ProviderRuntimeError,
  type ProviderRuntimePort,
  type ProviderRuntimeState,
  type ProviderWork,
  TryRecvError,
} from '@gate4agent/handle';
import {
  type CapabilityObservation,
  CapabilityRequestId,
  ConsumerId,
  ProviderBindingId,
  ResourceScopeId,
  ToolActorId,
  ToolOperationId,
} from '@gate4agent/tool-protocol';
import { err, ok, type Result } from '@gate4agent/types';
import { BENCH_CAPABILITY, BENCH_PROVIDER } from './kernel-sessions.js';

const BINDING = ProviderBindingId.of(1);
const PAYLOAD = new TextEncoder().encode('{}');

/** Queues work for a supervisor and plays the runtime's side of its completions and close. */
export class BenchProviderPort implements ProviderRuntimePort {
  readonly #binding = new ProviderCancellationFlag();
  readonly #work: ProviderWork[] = [];
  #state: ProviderRuntimeState = 'active';
  #sequence = 1;
  #closeRequested = false;
  /** Completions the supervisor submitted. */
  completions = 0;

  constructor(readonly capacity: number) {}

  providerId = () => BENCH_PROVIDER;
  bindingId = () => BINDING;
  effectCapacity = () => this.capacity;
  state = () => this.#state;

  /** Queues an invoke of operation `operationId`. */
  invoke(operationId: number): void {
    const flag = new ProviderCancellationFlag();
    const token = new ProviderCancellationToken(flag, this.#binding);
    const invocation: ProviderInvocation = {
      bindingId: () => BINDING,
      operationId: () => ToolOperationId.of(operationId),
      requestKey: () => ({
        consumerId: ConsumerId.of('bench-consumer'),
        actorId: ToolActorId.of('agent.bench'),
        localId: CapabilityRequestId.of(operationId),
      }),
      capabilityId: () => BENCH_CAPABILITY,
      deadlineTick: () => Number.MAX_SAFE_INTEGER,
      resourceScopeId: () => ResourceScopeId.of('page.bench'),
      payload: () => PAYLOAD,
      cancellationToken: () => token,
    };
    this.#work.push({ kind: 'invoke', invocation });
  }

  /** Whether invocations are still waiting for the supervisor. */
  hasWork(): boolean {
    return this.#work.length > 0;
  }

  /** After the supervisor asked to close: the runtime side acknowledges it. */
  settleClose(): void {
    if (this.#closeRequested) this.#state = 'closed';
  }

  tryRecv(): Result<ProviderWork, TryRecvError> {
    if (this.#closeRequested) return err(TryRecvError.disconnected());
    const next = this.#work.shift();
    return next === undefined ? err(TryRecvError.empty()) : ok(next);
  }

  tryRecvObservationOutcome(): Result<ProviderObservationOutcome, TryRecvError> {
    return err(TryRecvError.empty());
  }

  tryComplete(
    _invocation: ProviderInvocation,
    _observation: CapabilityObservation,
  ): Result<number, ProviderRuntimeError> {
    this.completions += 1;
    this.#sequence += 1;
    return ok(this.#sequence);
  }

  beginQuiesce(): Result<void, ProviderRuntimeError> {
    if (this.#state === 'closed') return err(ProviderRuntimeError.inactive());
    this.#state = 'closing';
    this.#binding.cancel();
    return ok();
  }

  close(): Result<number, ProviderRuntimeError> {
    this.#binding.cancel();
    if (this.#state === 'closed') return err(ProviderRuntimeError.inactive());
    this.#state = 'closing';
    this.#closeRequested = true;
    this.#sequence += 1;
    return ok(this.#sequence);
  }
}
