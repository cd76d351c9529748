// Wraps a real executor and breaks one method of every operation: it throws, returns a value
// outside the contract, or hangs (never makes progress). Every real child is tracked.
import type {
  NativeProviderExecutor,
  NativeProviderOperation,
  ProviderInvocation,
} from '@gate4agent/handle';
import { trackProcess } from '@gate4agent/testkit';
import type { ToolFailure } from '@gate4agent/tool-protocol';
import { ok, type Result } from '@gate4agent/types';

/** The executor method (or property) to break. */
export type FaultyMethod =
  | 'start'
  | 'tryPollResult'
  | 'tryWait'
  | 'requestStop'
  | 'requestForceStop'
  | 'pid';

/** How it breaks. */
export type FaultMode = 'throws' | 'invalid' | 'hangs';

/** What the supervisor should report for each broken method and mode (`null`: no fault needed). */
export function expectedFault(method: FaultyMethod, mode: FaultMode): string | null {
  if (mode === 'throws') return 'executor-threw';
  if (mode === 'invalid') return 'invalid-executor-value';
  // A hanging start, wait or force stop leaves an exit nobody proves: the supervisor calls it hung.
  if (method === 'start' || method === 'tryWait' || method === 'requestForceStop') {
    return 'executor-hung';
  }
  return null;
}

const boom = (method: string) => new Error(`injected ${method} failure`);

/** One operation of a {@link FaultyExecutor}. */
class FaultyOperation implements NativeProviderOperation {
  constructor(
    readonly inner: NativeProviderOperation & { readonly pid: number },
    readonly method: FaultyMethod,
    readonly mode: FaultMode,
    readonly hung: boolean,
  ) {}

  get pid(): number {
    if (this.method === 'pid') {
      if (this.mode === 'throws') throw boom('pid');
      if (this.mode === 'invalid') return -7;
      return undefined as unknown as number;
    }
    return this.inner.pid;
  }

  #call<T>(method: FaultyMethod, real: () => T, invalid: unknown, hung: () => T): T {
    if (this.method === method) {
      if (this.mode === 'throws') throw boom(method);
      if (this.mode === 'invalid') return invalid as T;
      return hung();
    }
    if (this.hung) return hung();
    return real();
  }

  requestStop() {
    return this.#call(
      'requestStop',
      () => this.inner.requestStop(),
      { ok: 'yes' },
      () => ok(),
    );
  }

  requestForceStop() {
    return this.#call(
      'requestForceStop',
      () => this.inner.requestForceStop(),
      42,
      () => ok(),
    );
  }

  tryWait() {
    return this.#call(
      'tryWait',
      () => this.inner.tryWait(),
      { ok: true, value: 'exit' },
      () => ok(null),
    );
  }

  tryPollResult() {
    return this.#call(
      'tryPollResult',
      () => this.inner.tryPollResult(),
      null,
      () => ok({ kind: 'pending' as const }),
    );
  }

  dispose() {
    this.inner.dispose?.();
  }
}

/** Breaks `method` of every operation the inner executor starts. */
export class FaultyExecutor implements NativeProviderExecutor {
  /** Operation ids whose start returned an operation. */
  readonly started: number[] = [];
  /** Process groups of the real children. */
  readonly groups: number[] = [];
  readonly #operations: { stdoutBytes?(): number }[] = [];
  startCalls = 0;

  constructor(
    readonly inner: NativeProviderExecutor,
    readonly method: FaultyMethod | null,
    readonly mode: FaultMode,
  ) {}

  start(invocation: ProviderInvocation): Result<NativeProviderOperation, ToolFailure> {
    this.startCalls += 1;
    if (this.method === 'start' && this.mode === 'throws') throw boom('start');
    if (this.method === 'start' && this.mode === 'invalid') return { ok: true, value: 7 } as never;
    const started = this.inner.start(invocation);
    if (!started.ok) return started;
    const operation = started.value as NativeProviderOperation & { readonly pid: number };
    trackProcess(operation.pid, `operation ${invocation.operationId()}`, { group: true });
    this.groups.push(operation.pid);
    this.#operations.push(operation as { stdoutBytes?(): number });
    this.started.push(invocation.operationId());
    if (this.method === null) return ok(operation);
    return ok(new FaultyOperation(operation, this.method, this.mode, this.method === 'start'));
  }

  /** Whether every started child has written something (it has finished starting up). */
  childrenAnnounced(): boolean {
    return this.#operations.every((operation) => (operation.stdoutBytes?.() ?? 1) > 0);
  }

  onActivity(listener: () => void): () => void {
    return this.inner.onActivity?.(listener) ?? (() => {});
  }
}
