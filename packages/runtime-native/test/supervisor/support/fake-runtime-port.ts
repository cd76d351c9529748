// A fake provider-runtime handle: queues filled by the test, every call recorded, and results
// that a test can override one call at a time.
import type {
  ProviderInvocation,
  ProviderObservationOutcome,
  ProviderObservationStatus,
  ProviderRuntimePort,
  ProviderRuntimeState,
  ProviderWork,
} from '@gate4agent/handle';
import {
  ProviderCancellation,
  ProviderCancellationFlag,
  ProviderCancellationToken,
  ProviderRuntimeError,
  TryRecvError,
} from '@gate4agent/handle';
import {
  type CapabilityObservation,
  type CapabilityRequestKey,
  type InvocationCancelReason,
  ProviderBindingId,
  ResourceScopeId,
  type ToolCapabilityId,
  ToolOperationId,
  type ToolProviderId,
} from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { err, ok } from '@gate4agent/types';
import { CAPABILITY_ID, PROVIDER_ID, requestKey } from './fixtures.js';

/** An invocation ticket owned by the fake port. */
export class FakeInvocation implements ProviderInvocation {
  readonly flag = new ProviderCancellationFlag();
  readonly #token: ProviderCancellationToken;

  constructor(
    readonly fields: {
      readonly bindingId: ProviderBindingId;
      readonly operationId: ToolOperationId;
      readonly requestKey: CapabilityRequestKey;
      readonly capabilityId: ToolCapabilityId;
      readonly deadlineTick: number;
    },
    bindingFlag: ProviderCancellationFlag,
  ) {
    this.#token = new ProviderCancellationToken(this.flag, bindingFlag);
  }
  bindingId = () => this.fields.bindingId;
  operationId = () => this.fields.operationId;
  requestKey = () => this.fields.requestKey;
  capabilityId = () => this.fields.capabilityId;
  deadlineTick = () => this.fields.deadlineTick;
  resourceScopeId = () => ResourceScopeId.of('page.active');
  payload = () => new TextEncoder().encode('{"scope":"active-page"}');
  cancellationToken = () => this.#token;
}

type Override<T> = Result<T, ProviderRuntimeError>;

export class FakeRuntimePort implements ProviderRuntimePort {
  readonly bindingFlag = new ProviderCancellationFlag();
  readonly work: ProviderWork[] = [];
  readonly outcomes: ProviderObservationOutcome[] = [];
  readonly completions: {
    invocation: ProviderInvocation;
    observation: CapabilityObservation;
    sequence: number;
  }[] = [];
  readonly invocations = new Map<number, FakeInvocation>();
  runtimeState: ProviderRuntimeState = 'active';
  /** When set, tryRecv reports disconnected even with work buffered (the handle's fence). */
  workFenced = false;
  nextSequence = 100;
  quiesceCalls = 0;
  closeCalls = 0;
  readonly completeResults: Override<number>[] = [];
  readonly quiesceResults: Override<void>[] = [];
  readonly closeResults: (Override<number> | (() => Override<number>))[] = [];

  constructor(
    readonly provider: ToolProviderId = PROVIDER_ID,
    readonly binding: ProviderBindingId = ProviderBindingId.of(1),
    readonly capacity = 8,
  ) {}

  providerId = () => this.provider;
  bindingId = () => this.binding;
  effectCapacity = () => this.capacity;
  state = () => this.runtimeState;

  tryRecv(): Result<ProviderWork, TryRecvError> {
    if (this.workFenced) return err(TryRecvError.disconnected());
    const next = this.work.shift();
    return next === undefined ? err(TryRecvError.empty()) : ok(next);
  }

  tryRecvObservationOutcome(): Result<ProviderObservationOutcome, TryRecvError> {
    const next = this.outcomes.shift();
    return next === undefined ? err(TryRecvError.empty()) : ok(next);
  }

  tryComplete(
    invocation: ProviderInvocation,
    observation: CapabilityObservation,
  ): Result<number, ProviderRuntimeError> {
    const override = this.completeResults.shift();
    if (override !== undefined) {
      if (override.ok) this.completions.push({ invocation, observation, sequence: override.value });
      return override;
    }
    const sequence = this.nextSequence++;
    this.completions.push({ invocation, observation, sequence });
    return ok(sequence);
  }

  beginQuiesce(): Result<void, ProviderRuntimeError> {
    this.quiesceCalls += 1;
    const override = this.quiesceResults.shift();
    if (override !== undefined) return override;
    if (this.runtimeState === 'active') {
      this.runtimeState = 'closing';
      this.bindingFlag.cancel();
      return ok();
    }
    return this.runtimeState === 'closing' ? ok() : err(ProviderRuntimeError.inactive());
  }

  close(): Result<number, ProviderRuntimeError> {
    this.closeCalls += 1;
    this.bindingFlag.cancel();
    const override = this.closeResults.shift();
    if (override !== undefined) return typeof override === 'function' ? override() : override;
    if (this.runtimeState === 'closed') return err(ProviderRuntimeError.inactive());
    this.runtimeState = 'closing';
    this.workFenced = true;
    return ok(this.nextSequence++);
  }

  /** Queues an Invoke for operation `operationId` (request local id = operation id by default). */
  invoke(
    operationId: number,
    options: {
      localId?: number;
      capabilityId?: ToolCapabilityId;
      binding?: ProviderBindingId;
    } = {},
  ): FakeInvocation {
    const invocation = new FakeInvocation(
      {
        bindingId: options.binding ?? this.binding,
        operationId: ToolOperationId.of(operationId),
        requestKey: requestKey(options.localId ?? operationId),
        capabilityId: options.capabilityId ?? CAPABILITY_ID,
        deadlineTick: 10_000,
      },
      this.bindingFlag,
    );
    this.invocations.set(operationId, invocation);
    this.work.push({ kind: 'invoke', invocation });
    return invocation;
  }

  /**
   * Publishes a Cancel as the handle does: the operation's flag is set at once, the work item is
   * queued behind earlier work. `setFlag: false` models a Cancel the real handle would never
   * publish (a mismatched identity), to reach the supervisor's own check.
   */
  cancel(
    operationId: number,
    reason: InvocationCancelReason = 'grant-revoked',
    options: { localId?: number; binding?: ProviderBindingId; setFlag?: boolean } = {},
  ): void {
    if (options.setFlag ?? true) this.invocations.get(operationId)?.flag.cancel();
    this.work.push({
      kind: 'cancel',
      cancellation: new ProviderCancellation({
        bindingId: options.binding ?? this.binding,
        operationId: ToolOperationId.of(operationId),
        requestKey: requestKey(options.localId ?? operationId),
        reason,
      }),
    });
  }

  /** Queues the receipt of the observation submitted for `operationId`. */
  receipt(
    operationId: number,
    status: ProviderObservationStatus = { kind: 'applied' },
    options: { sequence?: number; localId?: number } = {},
  ): void {
    const submitted = this.completions.find((c) => c.invocation.operationId() === operationId);
    this.outcomes.push({
      sequence: options.sequence ?? submitted?.sequence ?? 0,
      operationId: ToolOperationId.of(operationId),
      requestKey: requestKey(options.localId ?? operationId),
      status,
    });
  }
}
