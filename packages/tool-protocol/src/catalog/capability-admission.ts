// Capability-namespace admission. A capability id is admitted only under its class prefix and
// never when it could name a shell, the file system or MCP, however the name is split up with
// separators: "browser.s-h-e-l-l.exec" and "browser.f.s" are refused, "browser.offset" is not.
import { err, ok, type Result } from '@gate4agent/types';
import { ToolValidationError } from '../errors.js';
import type { ToolCapabilityId } from '../id/tool-ids.js';
import { CAPABILITY_CLASS_PREFIX, type CapabilityClass } from './capability-class.js';

const SEPARATORS = /[.:/\-_]/g;
const FORBIDDEN_COMPACT = ['shell', 'filesystem', 'mcp'];

const asciiLowercase = (value: string): string => value.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * Whether the (lowercased) id names a forbidden namespace: with separators removed it contains
 * `shell`, `filesystem` or `mcp`; or, split on separators, consecutive segments concatenate to
 * exactly `fs` (a segment `fs`, or `f` then `s`).
 */
export function hasForbiddenCapabilityNamespace(normalized: string): boolean {
  const compact = normalized.replace(SEPARATORS, '');
  if (FORBIDDEN_COMPACT.some((forbidden) => compact.includes(forbidden))) return true;
  const segments = normalized.split(SEPARATORS).filter((segment) => segment.length > 0);
  return segments.some((_, start) => {
    let candidate = '';
    for (const segment of segments.slice(start)) {
      if (candidate.length >= 2) return false;
      candidate += segment;
      if (candidate === 'fs') return true;
    }
    return false;
  });
}

/**
 * Admission of `capabilityId` for `capabilityClass` (upstream `validate_admission`): the
 * ASCII-lowercased id must start with the class prefix and name no forbidden namespace, else
 * `capability-outside-admission` carrying the id as given.
 */
export function validateCapabilityAdmission(
  capabilityId: ToolCapabilityId,
  capabilityClass: CapabilityClass,
): Result<void, ToolValidationError> {
  const normalized = asciiLowercase(capabilityId);
  if (
    hasForbiddenCapabilityNamespace(normalized) ||
    !normalized.startsWith(CAPABILITY_CLASS_PREFIX[capabilityClass])
  ) {
    return err(ToolValidationError.capabilityOutsideAdmission(capabilityId));
  }
  return ok();
}
