/** What a signal did: delivered, nobody left to receive it, refused, or failed otherwise. */
export type SignalOutcome = 'signalled' | 'gone' | 'permission-denied' | 'failed';

/** Sends `signal` to `target` (a pid, or `-pgid` for a group) and says what happened. */
export function sendSignal(target: number, signal: NodeJS.Signals | 0): SignalOutcome {
  try {
    process.kill(target, signal);
    return 'signalled';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ESRCH') return 'gone';
    if (code === 'EPERM') return 'permission-denied';
    return 'failed';
  }
}
