/** How a PTY child ended: its code, or the signal that killed it. */
export interface PtyExit {
  readonly exitCode: number;
  readonly signal: number | null;
}

/**
 * The control-plane exit code of a PTY child: a normal exit keeps its code; a death by signal is
 * reported as `1` (upstream maps a signalled wait status to a failed exit with code 1).
 */
export function ptyExitCode(exit: PtyExit): number {
  return exit.signal !== null && exit.signal !== 0 ? 1 : exit.exitCode;
}
