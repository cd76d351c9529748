import type { Msg } from '@nats-io/transport-node';

/** The body of a failed command reply: the error's `kind` (else `command-failed`) and message. */
export interface FailedReply {
  readonly ok: false;
  readonly error: { readonly kind: string; readonly message: string };
}

/** Turns what a command handler threw into the reply the asking side decodes. */
export function failedReply(error: unknown): FailedReply {
  const kind = (error as { kind?: unknown } | null)?.kind;
  return {
    ok: false,
    error: {
      kind: typeof kind === 'string' ? kind : 'command-failed',
      message: error instanceof Error ? error.message : String(error),
    },
  };
}

/** Answers a request when it asked for an answer (a plain publish has no reply subject). */
export function respondTo(msg: Msg, reply: unknown): void {
  if (msg.reply !== undefined && msg.reply !== '') msg.respond(JSON.stringify(reply));
}
