// Policy decisions per second with 1 grant and with TOOL_POLICIES_MAX (4 096) grants. The grant
// table is an exact-key lookup, so both rates should match (target: ≥ 1 000 000 decisions/s).
// Run with `pnpm bench:packages` from the repo root, or `npx vitest bench --run` here (not part
// of `vitest run`).
import {
  CAPABILITY_PROTOCOL_VERSION,
  CapabilityDescriptor,
  CapabilityRequestId,
  CapabilityRequestInput,
  ConsumerBoundCapabilityRequest,
  ConsumerId,
  ResourceScopeId,
  TOOL_POLICIES_MAX,
  ToolActorId,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { AgentInstanceId, SessionGeneration, unwrap, utf8Encode } from '@gate4agent/types';
import { bench, describe } from 'vitest';
import { ToolEngine } from '../src/index.js';

const instanceId = AgentInstanceId.of(41);
const generation = SessionGeneration.of(1);
const consumerId = ConsumerId.of('gate4agent-client-1');
const actorId = ToolActorId.of('agent.bench');
const providerId = ToolProviderId.of('gate.browser.bench');
const capabilityId = ToolCapabilityId.of('browser.snapshot');
const scope = (index: number) => ResourceScopeId.of(`page.scope-${index}`);

/** An engine holding `grants` allow grants, one per resource scope. */
function engineWith(grants: number): ToolEngine {
  const engine = new ToolEngine();
  unwrap(
    engine.registerProvider({
      id: providerId,
      owner: { kind: 'gate' },
      capabilities: [unwrap(CapabilityDescriptor.new(capabilityId, 'browser', 'Bench snapshots'))],
    }),
  );
  unwrap(engine.setGeneration(instanceId, generation));
  for (let index = 0; index < grants; index += 1) {
    unwrap(
      engine.applyAuthority({
        protocolVersion: CAPABILITY_PROTOCOL_VERSION,
        sequence: index + 1,
        command: {
          kind: 'set-grant',
          grant: {
            key: {
              consumerId,
              actorId,
              instanceId,
              generation,
              providerId,
              capabilityId,
              resourceScopeId: scope(index),
            },
            mode: 'allow',
          },
        },
      }),
    );
  }
  return engine;
}

/** A request for the scope of the last grant (and one that no grant covers). */
function requestFor(index: number): ConsumerBoundCapabilityRequest {
  return ConsumerBoundCapabilityRequest.new(
    consumerId,
    actorId,
    CapabilityRequestInput.of({
      localId: CapabilityRequestId.of(1),
      instanceId,
      generation,
      providerId,
      capabilityId,
      resourceScopeId: scope(index),
      approvalSummary: 'Bench a decision',
      deadlineTick: 1_000,
      payload: utf8Encode('{}'),
    }),
  );
}

for (const grants of [1, TOOL_POLICIES_MAX]) {
  describe(`policy decisions with ${grants} grant${grants === 1 ? '' : 's'}`, () => {
    const engine = engineWith(grants);
    const granted = requestFor(grants - 1);
    const ungranted = requestFor(grants);
    if (engine.evaluatePolicy(granted).kind !== 'allow')
      throw new Error('bench setup: not allowed');
    if (engine.evaluatePolicy(ungranted).kind !== 'deny')
      throw new Error('bench setup: not denied');

    bench('allow (exact grant found)', () => {
      engine.evaluatePolicy(granted);
    });
    bench('deny missing-grant (no grant found)', () => {
      engine.evaluatePolicy(ungranted);
    });
  });
}
