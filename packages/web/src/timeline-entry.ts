/** What a timeline entry is about, for the page's styling and for filters. */
export type TimelineEntryKind =
  | 'grant'
  | 'revoke'
  | 'request'
  | 'approval'
  | 'dispatch'
  | 'completion'
  | 'exit-ack'
  | 'fault'
  | 'lifecycle';

/** One line of the tool plane's timeline as the page shows it. */
export interface TimelineEntry {
  /** Counts from 1 per view, in the order the view saw the entries. */
  readonly sequence: number;
  readonly kind: TimelineEntryKind;
  /** The audit event's kind (`grant-set`, `request-grant-revoked`, …), `exit-ack` or `fault`. */
  readonly event: string;
  /** The logical tick of an audit event; `null` for exit acks and faults. */
  readonly tick: number | null;
  /** The request's local id when the entry is about one request. */
  readonly requestId: number | null;
  /** One plain-English line. */
  readonly text: string;
  /** `bad` for denials, failures and faults, `warn` for cancellations, `ok` otherwise. */
  readonly tone: 'ok' | 'warn' | 'bad';
}
