import type { PhysicalExitAck } from '@gate4agent/runtime-native';
import type { CapabilityCompletionEnvelope } from '@gate4agent/tool-protocol';

/** Prints the demo's sections as plain text (no colours, no terminal control sequences). */
export class Report {
  readonly #write: (line: string) => void;
  #section = 0;

  constructor(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)) {
    this.#write = write;
  }

  /** Starts a numbered section. */
  section(title: string): void {
    this.#section += 1;
    this.#write(`${this.#section === 1 ? '' : '\n'}== ${this.#section}. ${title} ==`);
  }

  /** One line of text. */
  line(text: string): void {
    this.#write(clean(text));
  }

  /** A terminal screen, from the plain rows of an xterm frame, trailing blank rows dropped. */
  screen(contents: string): void {
    const rows = contents.split('\n').map((row) => clean(row).trimEnd());
    while (rows.length > 0 && rows[rows.length - 1] === '') rows.pop();
    this.#write('  +--- screen');
    for (const row of rows) this.#write(`  | ${row}`);
    this.#write('  +---');
  }

  /** One completion: request, operation and outcome kind with its detail. */
  completion(completion: CapabilityCompletionEnvelope): void {
    this.line(
      `completion  request ${completion.requestKey.localId}  operation ${completion.operationId}  ${describeOutcome(completion)}`,
    );
  }

  /** One physical-exit ack, with the pid of the operation's process. */
  ack(ack: PhysicalExitAck, pid: number | undefined): void {
    const exit = ack.exit.code === null ? 'killed by a signal' : `exit code ${ack.exit.code}`;
    const cause =
      ack.stopCause === null
        ? 'none'
        : `${ack.stopCause.kind}${'reason' in ack.stopCause ? `/${ack.stopCause.reason}` : ''}`;
    const stops = `stop ${ack.stopSignalled ? 'sent' : 'not sent'}, force stop ${ack.forceStopSignalled ? 'sent' : 'not sent'}`;
    this.line(
      `exit ack    request ${ack.operation.requestKey.localId}  operation ${ack.operation.operationId}  pid ${pid ?? '?'}  ${exit}  stop cause ${cause}  (${stops})`,
    );
  }
}

function describeOutcome(completion: CapabilityCompletionEnvelope): string {
  const outcome = completion.outcome;
  switch (outcome.kind) {
    case 'succeeded': {
      const { metadata, delivery } = outcome.result;
      const body =
        delivery.kind === 'inline'
          ? new TextDecoder().decode(delivery.bytes)
          : `reference ${delivery.reference}`;
      return `succeeded  ${metadata.mediaType ?? 'bytes'}  ${body}`;
    }
    case 'failed':
      return `failed  ${outcome.failure.kind}: ${outcome.failure.redactedMessage ?? '(no message)'}`;
    case 'policy-denied':
      return `policy-denied  ${JSON.stringify(outcome.reason)}`;
    case 'approval-denied':
      return 'approval-denied';
    default:
      return `${outcome.kind}  cancellation ${outcome.cancellation}`;
  }
}

/** Drops every control character, so nothing a child printed can drive the reader's terminal. */
function clean(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
}
