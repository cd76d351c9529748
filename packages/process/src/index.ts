export {
  DEFAULT_KILL_DOMAIN_GRACE,
  KILL_DOMAIN_ENV,
  KILL_DOMAIN_KILL_WAIT,
  KILL_DOMAIN_RECHECK_MAX,
  KILL_DOMAIN_RECHECK_MIN,
} from './constants.js';
export { descendantsOf } from './descendants-of.js';
export type { KillDomainTerminateOptions } from './kill-domain.js';
export { KillDomain } from './kill-domain.js';
export type {
  KillDomainReport,
  KillDomainSurvivorReason,
} from './kill-domain-report.js';
export { KillDomainSurvivor } from './kill-domain-report.js';
export type { ProcessEntry, ProcessIdentity } from './process-entry.js';
export { identityOf, isDeadState, parseProcStat, sameProcess } from './process-entry.js';
export type { OrphanedGroupRead } from './process-group.js';
export { orphanedGroupMembers, processGroupGone, signalProcessGroup } from './process-group.js';
export { isProcessAlive } from './process-liveness.js';
export {
  processHasEnvironmentEntry,
  readProcessCommandLine,
  readProcessEnvironment,
} from './read-process-details.js';
export type {
  ProcessRead,
  ProcessTableRead,
} from './read-process-table.js';
export {
  hasProcFs,
  ProcessTableUnsupported,
  readProcess,
  readProcessTable,
} from './read-process-table.js';
export type { SignalOutcome } from './signal-outcome.js';
export { sendSignal } from './signal-outcome.js';
export { signalProcess } from './signal-process.js';
