// The shape check of `stepControlPlane` (ARCHITECTURE decision 6). The kernel's inputs come from
// the handle and the runtime, which check what apps, clients and executors hand in; anything that
// still arrives malformed here is a programmer error, so the whole step is refused with a
// Gate4AgentError before any phase runs, and nothing changes.
import {
  CapabilityRequestKey,
  ProviderBoundCapabilityRequest,
  ProviderRuntimeEnvelope,
  ToolAuthorityEnvelope,
} from '@gate4agent/tool-protocol';
import {
  CommandEnvelopeCodec,
  Gate4AgentError,
  type ObservationEnvelope,
  ObservationEnvelopeCodec,
  type Result,
  type SchemaViolation,
} from '@gate4agent/types';
import type { BackendIngress } from './backend-ingress.js';

function owned<T>(checked: Result<T, SchemaViolation>, what: string): T {
  if (checked.ok) return checked.value;
  throw new Gate4AgentError(
    'invalid-argument',
    `stepControlPlane was given a malformed ${what}: ${checked.error.message}. Nothing was reduced; build ingress with the typed constructors (or send it through the handle, which checks it)`,
  );
}

function checkItem(item: BackendIngress, index: number): BackendIngress {
  const what = `ingress item ${index}`;
  switch (item?.kind) {
    case 'control':
      return {
        kind: 'control',
        command: owned(CommandEnvelopeCodec.checkValue(item.command), what),
      };
    case 'tool-request':
      return {
        kind: 'tool-request',
        request: owned(ProviderBoundCapabilityRequest.codec.checkValue(item.request), what),
      };
    case 'tool-authority':
      return {
        kind: 'tool-authority',
        envelope: owned(ToolAuthorityEnvelope.codec.checkValue(item.envelope), what),
      };
    case 'tool-provider':
      return {
        kind: 'tool-provider',
        envelope: owned(ProviderRuntimeEnvelope.codec.checkValue(item.envelope), what),
      };
    case 'tool-cancel':
      return {
        kind: 'tool-cancel',
        requestKey: owned(CapabilityRequestKey.codec.checkValue(item.requestKey), what),
      };
    default:
      throw new Gate4AgentError(
        'invalid-argument',
        `stepControlPlane was given ${what} of unknown kind ${JSON.stringify((item as { kind?: unknown } | null)?.kind ?? null)}; use 'control', 'tool-request', 'tool-authority', 'tool-provider' or 'tool-cancel'`,
      );
  }
}

/**
 * Checks every ingress item and observation of one step against its schema and returns owned
 * copies, or throws {@link Gate4AgentError} `invalid-argument` naming the first malformed one.
 */
export function checkStepInput(
  ingress: Iterable<BackendIngress>,
  observations: Iterable<ObservationEnvelope>,
): { ingress: BackendIngress[]; observations: ObservationEnvelope[] } {
  const items = [...ingress].map(checkItem);
  const observed = [...observations].map((observation, index) =>
    owned(ObservationEnvelopeCodec.checkValue(observation), `observation ${index}`),
  );
  return { ingress: items, observations: observed };
}
