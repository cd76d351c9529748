import type { ProcessIdentity } from './process-entry.js';

/** Why a member of a kill domain is still alive after the domain was killed. */
export type KillDomainSurvivorReason = 'permission-denied' | 'signal-failed' | 'did-not-exit';

/** A member that could not be killed. Reported, never ignored. */
export interface KillDomainSurvivor extends ProcessIdentity {
  readonly reason: KillDomainSurvivorReason;
  /** Plain English: which process, what happened, what to do. */
  readonly message: string;
}

/** What ending a kill domain did. */
export interface KillDomainReport {
  /** Members that went after the polite signal, within the grace. */
  readonly terminated: readonly ProcessIdentity[];
  /** Members that needed SIGKILL (for `killSync`: every member SIGKILL reached). */
  readonly killed: readonly ProcessIdentity[];
  /** Members still alive, with the reason. */
  readonly survivors: readonly KillDomainSurvivor[];
  /**
   * Why members could not be found at all (no `/proc` on this host), else `null`. Then nothing
   * was signalled and the caller must fall back to what it knows (its own child handle).
   */
  readonly unsupported: string | null;
}

/** One factory per {@link KillDomainSurvivorReason}: the survivor record and its message. */
export const KillDomainSurvivor = {
  /** Signalling `identity` was refused: it runs as another user. */
  permissionDenied: (identity: ProcessIdentity, token: string): KillDomainSurvivor =>
    survivor(
      identity,
      'permission-denied',
      `${describe(identity, token)} could not be signalled: permission denied (it runs as another user); stop it as that user`,
    ),
  /** Signalling `identity` failed for another reason. */
  signalFailed: (identity: ProcessIdentity, token: string): KillDomainSurvivor =>
    survivor(
      identity,
      'signal-failed',
      `${describe(identity, token)} could not be signalled; check that it still runs and stop it by hand`,
    ),
  /** `identity` is still alive after SIGKILL. */
  didNotExit: (identity: ProcessIdentity, token: string): KillDomainSurvivor =>
    survivor(
      identity,
      'did-not-exit',
      `${describe(identity, token)} is still alive after SIGKILL (uninterruptible sleep, state D, or traced); it ends when its system call returns, so wait for it or check its state with ps -o stat -p ${identity.pid}`,
    ),
} as const;

function describe(identity: ProcessIdentity, token: string): string {
  return `process ${identity.pid} of kill domain ${token}`;
}

function survivor(
  identity: ProcessIdentity,
  reason: KillDomainSurvivorReason,
  message: string,
): KillDomainSurvivor {
  return { pid: identity.pid, startTime: identity.startTime, reason, message };
}

/** Builds the survivor record of `reason` and its message. */
export function killDomainSurvivor(
  identity: ProcessIdentity,
  reason: KillDomainSurvivorReason,
  token: string,
): KillDomainSurvivor {
  return reason === 'permission-denied'
    ? KillDomainSurvivor.permissionDenied(identity, token)
    : reason === 'signal-failed'
      ? KillDomainSurvivor.signalFailed(identity, token)
      : KillDomainSurvivor.didNotExit(identity, token);
}
