// One process-wide registry of synchronous kills run when the host exits: normal exit,
// `process.exit()`, SIGINT, SIGTERM, SIGHUP and uncaught exceptions. signal-exit v4 owns the
// hooks (it re-raises the signal when nobody else handles it, and copes with the quirks of each
// platform's signals); the registry installs it only while something is registered.
import { onExit } from 'signal-exit';

const kills = new Set<() => void>();
let removeHook: (() => void) | null = null;

function runAll(): void {
  for (const kill of [...kills]) {
    try {
      kill();
    } catch (error) {
      // Nowhere else to report it: the host is exiting.
      process.stderr.write(
        `gate4agent: a host-exit kill failed (${error instanceof Error ? error.message : String(error)}); a child may outlive this process\n`,
      );
    }
  }
}

/**
 * Registers `kill`, a synchronous function that SIGKILLs what its owner started (a provider
 * supervisor's operations, a PTY session's kill domain), to run when the host exits. Returns the
 * unregister function (idempotent). A host killed with SIGKILL runs nothing: see the README.
 */
export function registerHostExitKill(kill: () => void): () => void {
  const entry = () => kill();
  kills.add(entry);
  removeHook ??= onExit(() => {
    runAll();
  });
  return () => {
    kills.delete(entry);
    if (kills.size === 0 && removeHook !== null) {
      removeHook();
      removeHook = null;
    }
  };
}

/** How many host-exit kills are registered (for diagnostics and tests). */
export function hostExitKillCount(): number {
  return kills.size;
}
