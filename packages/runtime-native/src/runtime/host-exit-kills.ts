// One process-wide registry of synchronous kills run when the host exits: normal exit,
// `process.exit()`, SIGINT, SIGTERM, SIGHUP and uncaught exceptions. signal-exit v4 owns the
// hooks (it re-raises the signal when nobody else handles it, and copes with the quirks of each
// platform's signals); the registry installs it only while something is registered, and loads it
// then, not at import, as node-pty is (ARCHITECTURE decision 16). Its CommonJS and ES module
// builds share one emitter (under a global symbol), so the hooks run once whichever build an app
// loads as well.
import { createRequire } from 'node:module';
import type * as SignalExit from 'signal-exit';

const require = createRequire(import.meta.url);

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
  removeHook ??= (require('signal-exit') as typeof SignalExit).onExit(() => {
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
