import type { Subscription } from '@gate4agent/handle';
import type {
  NativeRuntime,
  PhysicalExitAck,
  ProviderSupervisorFault,
} from '@gate4agent/runtime-native';
// From the supervisor entry: the one function needed, without the runtime's main entry, so an
// import of this package alone stays cheap (issue #14, row import-web).
import { describeFaultKind } from '@gate4agent/runtime-native/supervisor';
import type { ToolAuditEvent } from '@gate4agent/tool-protocol';
import { EVENT_SUBSCRIPTION_CAPACITY, TIMELINE_CAPACITY } from './constants.js';
import { describeAuditEvent, type TimelineLine } from './describe-audit-event.js';
import type { TimelineEntry } from './timeline-entry.js';

function describeAck(ack: PhysicalExitAck): TimelineLine {
  const cause =
    ack.stopCause === null
      ? 'none (it ended on its own)'
      : ack.stopCause.kind === 'cancellation'
        ? `cancellation (${ack.stopCause.reason})`
        : ack.stopCause.kind;
  const exit = ack.exit.code === null ? 'no exit code' : `exit code ${ack.exit.code}`;
  const stops = [
    ack.stopSignalAttempted ? 'stop signalled' : null,
    ack.forceStopAttempted ? 'force stop signalled' : null,
  ].filter((part) => part !== null);
  return {
    kind: 'exit-ack',
    event: 'exit-ack',
    tick: null,
    requestId: ack.operation.requestKey.localId,
    tone: ack.stopCause === null ? 'ok' : 'warn',
    text: `request #${ack.operation.requestKey.localId}: operation ${ack.operation.operationId} of ${ack.providerId} exited (${exit}; stop cause ${cause}${stops.length > 0 ? `; ${stops.join(', ')}` : ''})`,
  };
}

function describeFault(fault: ProviderSupervisorFault): TimelineLine {
  const operation = fault.operation === null ? '' : ` (operation ${fault.operation.operationId})`;
  return {
    kind: 'fault',
    event: 'fault',
    tick: null,
    requestId: fault.operation?.requestKey.localId ?? null,
    tone: 'bad',
    text: `provider ${fault.providerId} supervisor fault ${fault.kind}${operation}: ${describeFaultKind(fault.kind, fault.executorErrorCode)}${fault.blocksDetach ? ' (blocking)' : ''}`,
  };
}

/**
 * The audit events in causal order: the engine records the requests a revoke closed before the
 * `grant-revoked` itself (same tick); a person reads the revoke first, then what it caused.
 */
function causalOrder(events: readonly ToolAuditEvent[]): ToolAuditEvent[] {
  const rank = (event: ToolAuditEvent) => (event.event.kind === 'grant-revoked' ? 0 : 1);
  return [...events].sort(
    (a, b) => a.tick - b.tick || rank(a) - rank(b) || a.sequence - b.sequence,
  );
}

/**
 * @internal The tool plane as a timeline: the tool engine's audit events (grants, requests,
 * approvals, dispatches, completions with their disposition), the supervisors' exit acks with
 * their cause and their faults, in the order the view read them. Keeps the last
 * {@link TIMELINE_CAPACITY} entries.
 */
export class ToolPlaneTimeline {
  readonly #runtime: NativeRuntime;
  readonly #entries: TimelineEntry[] = [];
  #acks: Subscription<PhysicalExitAck>;
  #faults: Subscription<ProviderSupervisorFault>;
  #lastAuditSequence = -1;
  #sequence = 0;

  constructor(runtime: NativeRuntime) {
    this.#runtime = runtime;
    this.#acks = runtime.subscribeProviderExitAcks(EVENT_SUBSCRIPTION_CAPACITY);
    this.#faults = runtime.subscribeProviderFaults(EVENT_SUBSCRIPTION_CAPACITY);
    const audit = runtime.toolAuthority().snapshot().tools.auditEvents;
    // Earlier history is shown too: a view started after the first grants still lists them.
    for (const event of causalOrder(audit)) this.#push(describeAuditEvent(event));
    this.#lastAuditSequence = audit.at(-1)?.sequence ?? -1;
  }

  /** The entries kept, oldest first. */
  entries(): readonly TimelineEntry[] {
    return this.#entries;
  }

  /** Reads what the last publication added; returns the new entries, oldest first. */
  update(): TimelineEntry[] {
    const added: TimelineEntry[] = [];
    const audit = this.#runtime.toolAuthority().snapshot().tools.auditEvents;
    let first = audit.length;
    while (first > 0 && audit[first - 1]!.sequence > this.#lastAuditSequence) first -= 1;
    for (const event of causalOrder(audit.slice(first))) {
      added.push(this.#push(describeAuditEvent(event)));
    }
    this.#lastAuditSequence = audit.at(-1)?.sequence ?? this.#lastAuditSequence;
    this.#acks = this.#drain(this.#acks, describeAck, added, () =>
      this.#runtime.subscribeProviderExitAcks(EVENT_SUBSCRIPTION_CAPACITY),
    );
    this.#faults = this.#drain(this.#faults, describeFault, added, () =>
      this.#runtime.subscribeProviderFaults(EVENT_SUBSCRIPTION_CAPACITY),
    );
    return added;
  }

  /** Stops reading acks and faults. */
  close(): void {
    this.#acks.close();
    this.#faults.close();
  }

  #drain<T>(
    subscription: Subscription<T>,
    describe: (value: T) => TimelineLine,
    added: TimelineEntry[],
    resubscribe: () => Subscription<T>,
  ): Subscription<T> {
    let next = subscription.tryRecv();
    for (; next.ok; next = subscription.tryRecv()) added.push(this.#push(describe(next.value)));
    // Over a full subscription's worth in one tick: read on from a fresh one.
    return next.error.kind === 'disconnected' ? resubscribe() : subscription;
  }

  #push(line: TimelineLine): TimelineEntry {
    this.#sequence += 1;
    const entry: TimelineEntry = { sequence: this.#sequence, ...line };
    this.#entries.push(entry);
    if (this.#entries.length > TIMELINE_CAPACITY) this.#entries.shift();
    return entry;
  }
}
