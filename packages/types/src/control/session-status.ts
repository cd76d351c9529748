import Type, { type Static } from 'typebox';
import { rustDebugString } from '../shared/rust-debug.js';
import { I32Schema, Nullable } from '../shared/schema.js';

/** TypeBox schema of {@link SessionStatus}. */
export const SessionStatusSchema = Type.Union([
  Type.Object({ kind: Type.Literal('registered') }),
  Type.Object({ kind: Type.Literal('starting') }),
  Type.Object({ kind: Type.Literal('running') }),
  Type.Object({ kind: Type.Literal('stopping') }),
  Type.Object({ kind: Type.Literal('exited'), exitCode: Nullable(I32Schema) }),
  Type.Object({ kind: Type.Literal('failed'), message: Type.String() }),
]);

/** The lifecycle state of one session. */
export type SessionStatus = Static<typeof SessionStatusSchema>;

/** Renders `status` as Rust's `Debug` (`Running`, `Exited { exit_code: Some(0) }`), as upstream messages do. */
export function debugSessionStatus(status: SessionStatus): string {
  switch (status.kind) {
    case 'registered':
      return 'Registered';
    case 'starting':
      return 'Starting';
    case 'running':
      return 'Running';
    case 'stopping':
      return 'Stopping';
    case 'exited':
      return `Exited { exit_code: ${status.exitCode === null ? 'None' : `Some(${status.exitCode})`} }`;
    case 'failed':
      return `Failed { message: ${rustDebugString(status.message)} }`;
  }
}
