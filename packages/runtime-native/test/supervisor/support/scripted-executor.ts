// A controlled executor without processes whose every method call follows a fault schedule:
// answer normally, throw, return a value outside the contract, or fail with a typed error.
import type {
  NativeProviderExecutor,
  NativeProviderOperation,
  ProviderInvocation,
} from '@gate4agent/handle';
import { NativeProviderOperationError } from '@gate4agent/handle';
import type { ToolFailure } from '@gate4agent/tool-protocol';
import { err, ok, type Result } from '@gate4agent/types';
import { successObservation } from './fixtures.js';

/** How one call behaves. */
export type CallFault = 'ok' | 'throw' | 'invalid' | 'error';

/** The methods a schedule can break. */
export type ScriptedMethod =
  | 'start'
  | 'tryPollResult'
  | 'tryWait'
  | 'requestStop'
  | 'requestForceStop';

/** Decides each call: operation id, method, and how many times it was called before. */
export type FaultSchedule = (
  operationId: number,
  method: ScriptedMethod,
  call: number,
) => CallFault;

/** How the simulated work behaves without faults. */
export interface ScriptedBehaviour {
  /** Ticks (tryWait calls) until the work exits by itself; `null`: never. */
  readonly naturalExitAfter: (operationId: number) => number | null;
  /** Whether a cooperative stop ends the work. */
  readonly obeysStop: (operationId: number) => boolean;
}

function injected(kind: CallFault, invalid: unknown): unknown {
  if (kind === 'throw') throw new Error('injected executor failure');
  if (kind === 'invalid') return invalid;
  return err(NativeProviderOperationError.of('injected-error'));
}

/** One simulated operation. */
export class ScriptedOperation implements NativeProviderOperation {
  #state: 'running' | 'exited' = 'running';
  #waits = 0;
  #resultTaken = false;
  readonly #calls = new Map<ScriptedMethod, number>();

  constructor(
    readonly operationId: number,
    readonly schedule: FaultSchedule,
    readonly behaviour: ScriptedBehaviour,
  ) {}

  #fault(method: ScriptedMethod): CallFault {
    const call = this.#calls.get(method) ?? 0;
    this.#calls.set(method, call + 1);
    return this.schedule(this.operationId, method, call);
  }

  requestStop() {
    const fault = this.#fault('requestStop');
    if (fault !== 'ok')
      return injected(fault, 'stop?') as Result<void, NativeProviderOperationError>;
    if (this.behaviour.obeysStop(this.operationId)) this.#state = 'exited';
    return ok();
  }

  requestForceStop() {
    const fault = this.#fault('requestForceStop');
    if (fault !== 'ok') return injected(fault, 17) as Result<void, NativeProviderOperationError>;
    this.#state = 'exited';
    return ok();
  }

  tryWait() {
    const fault = this.#fault('tryWait');
    this.#waits += 1;
    const natural = this.behaviour.naturalExitAfter(this.operationId);
    if (natural !== null && this.#waits >= natural) this.#state = 'exited';
    if (fault !== 'ok') return injected(fault, { success: 'yes' }) as never;
    return ok(this.#state === 'exited' ? { success: true, code: 0 } : null);
  }

  tryPollResult() {
    const fault = this.#fault('tryPollResult');
    if (fault !== 'ok') return injected(fault, { kind: 'maybe' }) as never;
    if (this.#state !== 'exited') return ok({ kind: 'pending' as const });
    if (this.#resultTaken) return ok({ kind: 'closed' as const });
    this.#resultTaken = true;
    return ok({ kind: 'ready' as const, observation: successObservation() });
  }
}

/** Starts a {@link ScriptedOperation} per invocation (or fails, throws, answers garbage). */
export class ScriptedExecutor implements NativeProviderExecutor {
  /** Operation ids whose start returned a valid operation. */
  readonly started: number[] = [];

  constructor(
    readonly schedule: FaultSchedule,
    readonly behaviour: ScriptedBehaviour,
  ) {}

  start(invocation: ProviderInvocation): Result<NativeProviderOperation, ToolFailure> {
    const operationId = invocation.operationId();
    const fault = this.schedule(operationId, 'start', 0);
    if (fault === 'throw') throw new Error('injected start failure');
    if (fault === 'invalid') return { ok: true, value: 'not an operation' } as never;
    if (fault === 'error') return { ok: false, error: { kind: 'bogus' } } as never;
    this.started.push(operationId);
    return ok(new ScriptedOperation(operationId, this.schedule, this.behaviour));
  }
}
