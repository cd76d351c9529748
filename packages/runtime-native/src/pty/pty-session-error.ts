/**
 * Why a PTY session could not be spawned, written to, resized or stopped. Every variant carries
 * a plain-English `message` (what happened, with the values, and what to do); that message is
 * what reaches a control observation's or effect failure's text.
 */
export type PtySessionError =
  | { readonly kind: 'cwd-missing'; readonly cwd: string; readonly message: string }
  | { readonly kind: 'cwd-not-directory'; readonly cwd: string; readonly message: string }
  | { readonly kind: 'addon-unavailable'; readonly message: string }
  | {
      readonly kind: 'spawn-failed';
      readonly program: string;
      readonly reason: string;
      readonly message: string;
    }
  | {
      readonly kind: 'session-exited';
      readonly pid: number;
      readonly operation: string;
      readonly message: string;
    }
  | {
      readonly kind: 'write-failed';
      readonly pid: number;
      readonly reason: string;
      readonly message: string;
    }
  | {
      readonly kind: 'resize-failed';
      readonly pid: number;
      readonly rows: number;
      readonly columns: number;
      readonly reason: string;
      readonly message: string;
    }
  | {
      readonly kind: 'stop-failed';
      readonly pid: number;
      /** One message per process of the kill domain that outlived SIGKILL. */
      readonly survivors: readonly string[];
      readonly message: string;
    }
  | { readonly kind: 'not-reaped'; readonly pid: number; readonly message: string };

/** The text of a thrown value, for a message. */
function reasonOf(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}

/** One factory per {@link PtySessionError} variant. */
export const PtySessionError = {
  /** The working directory does not exist. */
  cwdMissing: (cwd: string): PtySessionError => ({
    kind: 'cwd-missing',
    cwd,
    message: `working directory '${cwd}' does not exist; create it or pass an existing directory as the working directory`,
  }),
  /** The working directory is a file or something else that is not a directory. */
  cwdNotDirectory: (cwd: string): PtySessionError => ({
    kind: 'cwd-not-directory',
    cwd,
    message: `working directory '${cwd}' is not a directory; pass a directory as the working directory`,
  }),
  /** node-pty could not be loaded; `message` is the loader's, which says how to build it. */
  addonUnavailable: (message: string): PtySessionError => ({
    kind: 'addon-unavailable',
    message,
  }),
  /** node-pty threw while forking the program. */
  spawnFailed: (program: string, thrown: unknown): PtySessionError => {
    const reason = reasonOf(thrown);
    return {
      kind: 'spawn-failed',
      program,
      reason,
      message: `failed to spawn PTY agent '${program}': ${reason}; check that the program is executable and the host has free PTYs, then launch it again`,
    };
  },
  /** The session's child has exited (or is stopping), so `operation` cannot reach it. */
  sessionExited: (pid: number, operation: string): PtySessionError => ({
    kind: 'session-exited',
    pid,
    operation,
    message: `PTY session ${pid} has exited, so its ${operation} was not done; launch the agent again to go on`,
  }),
  /** Writing to the PTY threw. */
  writeFailed: (pid: number, thrown: unknown): PtySessionError => {
    const reason = reasonOf(thrown);
    return {
      kind: 'write-failed',
      pid,
      reason,
      message: `PTY write to session ${pid} failed: ${reason}; check that the agent still runs, then send the input again`,
    };
  },
  /** Resizing the PTY threw. */
  resizeFailed: (pid: number, rows: number, columns: number, thrown: unknown): PtySessionError => {
    const reason = reasonOf(thrown);
    return {
      kind: 'resize-failed',
      pid,
      rows,
      columns,
      reason,
      message: `PTY resize of session ${pid} to ${rows}×${columns} failed: ${reason}; check that the agent still runs, then retry the resize`,
    };
  },
  /** Processes of the session's kill domain outlived SIGKILL. */
  stopFailed: (pid: number, survivors: readonly string[]): PtySessionError => ({
    kind: 'stop-failed',
    pid,
    survivors,
    message: `PTY session ${pid} stopped, but ${survivors.length} process(es) of its kill domain survived: ${survivors.join('; ')}; check those processes and stop them by hand`,
  }),
  /** The child was not reaped in time after its tree was stopped. */
  notReaped: (pid: number): PtySessionError => ({
    kind: 'not-reaped',
    pid,
    message: `PTY child ${pid} was not reaped after its tree was stopped; check for a zombie process ${pid} and report it`,
  }),
} as const;
