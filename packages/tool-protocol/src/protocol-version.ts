import { err, ok, type Result } from '@gate4agent/types';
import { CAPABILITY_PROTOCOL_VERSION } from './constants.js';
import { ToolValidationError } from './errors.js';

/** OK when `actual` is {@link CAPABILITY_PROTOCOL_VERSION}; otherwise `unsupported-protocol-version`. */
export function validateProtocolVersion(actual: number): Result<void, ToolValidationError> {
  return actual === CAPABILITY_PROTOCOL_VERSION
    ? ok()
    : err(ToolValidationError.unsupportedProtocolVersion(CAPABILITY_PROTOCOL_VERSION, actual));
}
