/** What the page asks the host to do, as it arrives in a control request's JSON body. */
export type ControlRequest =
  | { readonly kind: 'input'; readonly session: string; readonly text: string }
  | { readonly kind: 'answer-gate'; readonly session: string; readonly keys: string }
  | { readonly kind: 'stop'; readonly session: string }
  | { readonly kind: 'approve' | 'deny'; readonly request: string }
  | { readonly kind: 'revoke'; readonly grant: string };

/** Why the host refused a control request: a kind for code, a sentence for people. */
export interface ControlRefusal {
  /** The HTTP status the refusal is answered with. */
  readonly status: number;
  readonly kind:
    | 'invalid-request'
    | 'unknown-session'
    | 'operator-gate'
    | 'no-gate'
    | 'unknown-grant'
    | 'unknown-request'
    | 'failed';
  readonly message: string;
}

/** The factories of {@link ControlRefusal}, one per kind (ARCHITECTURE decision 18). */
export const ControlRefusal = {
  /** The body is not a control request (`detail` says how); nothing changed. */
  invalidRequest(detail: string): ControlRefusal {
    return {
      status: 400,
      kind: 'invalid-request',
      message: `control request refused: ${detail}; send a JSON object such as {"kind":"input","session":"1","text":"hello"}`,
    };
  },
  /** No watched session has the id `session`. */
  unknownSession(session: string): ControlRefusal {
    return {
      status: 404,
      kind: 'unknown-session',
      message: `no session ${JSON.stringify(session)} is shown in this view; use the id of a session the page shows (reload the page to see the current ones)`,
    };
  },
  /** An operator gate shows, so typed input was refused; `sentence` is the runtime's, naming it. */
  operatorGate(sentence: string): ControlRefusal {
    return { status: 409, kind: 'operator-gate', message: sentence };
  },
  /** Operator keys were sent to a session that shows no dialog. */
  noGate(session: string): ControlRefusal {
    return {
      status: 409,
      kind: 'no-gate',
      message: `session ${session} shows no operator dialog, so the keys were not sent; send the line as input instead`,
    };
  },
  /** No grant has the id `grant`. */
  unknownGrant(grant: string): ControlRefusal {
    return {
      status: 404,
      kind: 'unknown-grant',
      message: `no grant ${JSON.stringify(grant)} is set (it may have been revoked already), so nothing was revoked; use the id of a grant the page lists`,
    };
  },
  /** No request with the id `request` waits for approval. */
  unknownRequest(request: string, action: 'approve' | 'deny'): ControlRefusal {
    return {
      status: 404,
      kind: 'unknown-request',
      message: `no request ${JSON.stringify(request)} is waiting for approval (it may have been answered or closed), so nothing was ${action === 'approve' ? 'approved' : 'denied'}; use the id of a request the page lists under approvals`,
    };
  },
  /** The handle call `what` rejected with `reason`. */
  failed(what: string, reason: string): ControlRefusal {
    return {
      status: 500,
      kind: 'failed',
      message: `${what} failed: ${reason}; check the session's screen and the timeline, then try again`,
    };
  },
};

/** @internal A refusal of a request body that is not a control request. */
export function invalidRequest(detail: string): ControlRefusal {
  return ControlRefusal.invalidRequest(detail);
}

const FIELDS: Record<ControlRequest['kind'], readonly string[]> = {
  input: ['session', 'text'],
  'answer-gate': ['session', 'keys'],
  stop: ['session'],
  approve: ['request'],
  deny: ['request'],
  revoke: ['grant'],
};

/** @internal Parses a control request body; a bad body is refused and changes nothing. */
export function parseControlRequest(
  body: string,
): { ok: true; value: ControlRequest } | { ok: false; error: ControlRefusal } {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { ok: false, error: invalidRequest(`the body is not JSON (${body.length} characters)`) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: invalidRequest('the body is not a JSON object') };
  }
  const record = value as Record<string, unknown>;
  const kind = record.kind;
  if (typeof kind !== 'string' || !Object.hasOwn(FIELDS, kind)) {
    return {
      ok: false,
      error: invalidRequest(
        `kind ${JSON.stringify(kind)} is not one of ${Object.keys(FIELDS).join(', ')}`,
      ),
    };
  }
  const fields = FIELDS[kind as ControlRequest['kind']];
  for (const field of fields) {
    if (typeof record[field] !== 'string') {
      return {
        ok: false,
        error: invalidRequest(`field "${field}" of a ${kind} request must be a string`),
      };
    }
  }
  const extra = Object.keys(record).filter((key) => key !== 'kind' && !fields.includes(key));
  if (extra.length > 0) {
    return { ok: false, error: invalidRequest(`unknown field "${extra[0]}" in a ${kind} request`) };
  }
  return { ok: true, value: record as unknown as ControlRequest };
}
