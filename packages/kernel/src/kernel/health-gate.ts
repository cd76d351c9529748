import type { ControlHealth } from '@gate4agent/types';
import { KernelIntegrationError } from '../errors.js';

/** The two lanes of one step; both open at its start and never reopen within it. */
export interface Lanes {
  /** Control commands. */
  control: boolean;
  /** Tool requests, authority commands, provider envelopes and the release of tool effects. */
  tool: boolean;
}

/**
 * `control-health-exhausted` when a control counter can never advance again (a full identity
 * table is not terminal: known ids stay usable), else `null`.
 */
export function terminalControlHealthError(health: ControlHealth): KernelIntegrationError | null {
  const terminal =
    health.operationIdExhausted ||
    health.eventSequenceExhausted ||
    health.revisionExhausted ||
    health.providerSequenceExhaustedSessions > 0;
  return terminal ? KernelIntegrationError.controlHealthExhausted(health) : null;
}

function sameHealth(left: ControlHealth, right: ControlHealth): boolean {
  return (
    left.operationIdExhausted === right.operationIdExhausted &&
    left.eventSequenceExhausted === right.eventSequenceExhausted &&
    left.revisionExhausted === right.revisionExhausted &&
    left.providerSequenceExhaustedSessions === right.providerSequenceExhaustedSessions &&
    left.retainedInstanceIdentities === right.retainedInstanceIdentities &&
    left.retainedInstanceIdentityCapacity === right.retainedInstanceIdentityCapacity
  );
}

/**
 * The health gate: on terminal health close both lanes and record the error once (an equal
 * error already in `errors` is not repeated).
 */
export function blockLanesOnControlHealth(
  health: ControlHealth,
  lanes: Lanes,
  errors: KernelIntegrationError[],
): void {
  const error = terminalControlHealthError(health);
  if (error === null) return;
  lanes.control = false;
  lanes.tool = false;
  const recorded = errors.some(
    (existing) =>
      existing.kind === 'control-health-exhausted' && sameHealth(existing.health, health),
  );
  if (!recorded) errors.push(error);
}
