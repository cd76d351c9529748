// Ingress checks of provider events, per variant and in upstream order. ID fields are bounded by
// PROVIDER_EVENT_ID_MAX_BYTES, text fields by PROVIDER_EVENT_TEXT_MAX_BYTES.
import {
  PROVIDER_EVENT_ID_MAX_BYTES as ID,
  PROVIDER_EVENT_TOOLS_MAX,
  PROVIDER_EVENT_TEXT_MAX_BYTES as TEXT,
} from '../constants.js';
import { err, ok, type Result } from '../shared/result.js';
import { ContextWindowUsage } from './context-window-usage.js';
import {
  validateIdentifier,
  validateRequired,
  validateRequiredText,
  validateText,
} from './ingress-text.js';
import type { ProviderEvent } from './provider-event.js';
import { ProviderEventValidationError } from './provider-event-validation-error.js';
import { ProviderSessionIdentity } from './provider-session-identity.js';

type Checked = Result<void, ProviderEventValidationError>;

function all(...checks: (() => Checked)[]): Checked {
  for (const check of checks) {
    const result = check();
    if (!result.ok) return result;
  }
  return ok(undefined);
}

const optional = (value: string | null, check: (value: string) => Checked) => () =>
  value === null ? ok(undefined) : check(value);

const agentIdCheck = (agentId: string | null) =>
  optional(agentId, (value) => validateRequired('provider agent id', value, ID));

/** Checks the fields of `event` before the engine ingests it (types-crate `validate_ingress`). */
export function validateProviderEventIngress(event: ProviderEvent): Checked {
  switch (event.kind) {
    case 'session-started':
      return all(
        () => validateRequired('session_id', event.sessionId, ID),
        () => validateIdentifier('model', event.model, ID),
        () =>
          event.tools.length > PROVIDER_EVENT_TOOLS_MAX
            ? err(
                ProviderEventValidationError.tooManyTools(
                  event.tools.length,
                  PROVIDER_EVENT_TOOLS_MAX,
                ),
              )
            : ok(undefined),
        ...event.tools.map((tool) => () => validateRequired('tool', tool, ID)),
      );
    case 'session-identity-observed':
      return ProviderSessionIdentity.validate(event.identity);
    case 'turn-started':
      return optional(event.prompt, (prompt) => validateText('prompt', prompt, TEXT))();
    case 'text':
    case 'thinking':
      return validateText('text', event.text, TEXT);
    case 'tool-started':
      return all(
        () => validateRequired('tool id', event.id, ID),
        () => validateRequired('tool name', event.name, ID),
        () => validateText('tool input', event.inputJson, TEXT),
        agentIdCheck(event.agentId),
      );
    case 'tool-completed':
      return all(
        () => validateRequired('tool id', event.id, ID),
        () => validateText('tool output', event.output, TEXT),
        agentIdCheck(event.agentId),
      );
    case 'session-ended':
      return all(
        () => validateText('session result', event.result, TEXT),
        optional(event.costUsd, (cost) => validateIdentifier('cost', cost, ID)),
      );
    case 'error':
      return validateRequiredText('error', event.message, TEXT);
    case 'interaction-requested':
      return all(
        optional(event.requestId, (id) => validateRequired('interaction request id', id, ID)),
        () => validateRequired('interaction tool', event.toolName, ID),
        () =>
          event.interactionKind === 'question'
            ? validateRequiredText('interaction prompt', event.prompt, TEXT)
            : validateText('interaction prompt', event.prompt, TEXT),
        agentIdCheck(event.agentId),
      );
    case 'interaction-resolved':
      return all(
        () => validateRequired('interaction request id', event.requestId, ID),
        () =>
          event.outcome === 'approved' || event.outcome === 'denied'
            ? ok(undefined)
            : err(ProviderEventValidationError.invalidInteractionResolutionOutcome(event.outcome)),
      );
    case 'subagent-started':
      return all(
        () => validateRequired('subagent id', event.agentId, ID),
        optional(event.agentType, (type) => validateIdentifier('subagent type', type, ID)),
        optional(event.description, (text) => validateText('subagent description', text, TEXT)),
      );
    case 'subagent-stopped':
      return validateRequired('subagent id', event.agentId, ID);
    case 'rate-limited':
      return all(
        () => validateRequired('limit type', event.limitType, ID),
        optional(event.resetsAt, (value) => validateIdentifier('reset time', value, ID)),
        optional(event.usagePercent, (value) => validateIdentifier('usage percent', value, ID)),
        () => validateText('rate limit message', event.rawMessage, TEXT),
      );
    case 'context-window-usage':
      return ContextWindowUsage.validate(event.usage);
    case 'working-observed':
    case 'turn-completed':
    case 'turn-interrupted':
    case 'ready':
      return ok(undefined);
  }
}
