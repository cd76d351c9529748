import {
  type AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  type CommandId,
  ControlError,
  defaultForegroundSnapshot,
  defaultProviderSnapshot,
  err,
  normalizeSemanticPrompt,
  ok,
  ProviderRuntimePolicy,
  type Result,
  type SessionGeneration,
  SessionOptionSelection,
  type StartRequest,
  TerminalSize,
  utf8ByteLength,
  WORKING_DIRECTORY_MAX_BYTES,
} from '@gate4agent/types';
import { allocateOperation, bumpRevision, emitEvent, nextGeneration } from '../counters.js';
import type { EngineState } from '../engine-state.js';
import { requireCapability, requireStructuredPrompt } from '../runtime-policy.js';

function isValidWorkingDirectory(directory: string): boolean {
  return (
    directory.length > 0 &&
    utf8ByteLength(directory) <= WORKING_DIRECTORY_MAX_BYTES &&
    !directory.includes('\u0000')
  );
}

/** `start`: a new generation in `starting` and one `spawn` effect; running comes from `spawned`. */
export function start(
  state: EngineState,
  commandId: CommandId,
  instanceId: AgentInstanceId,
  runtimePolicy: ProviderRuntimePolicy,
  request: StartRequest,
): Result<void, ControlError> {
  const policy = ProviderRuntimePolicy.validate(runtimePolicy);
  if (!policy.ok) return err(ControlError.invalidProviderRuntimePolicy(policy.error));
  if (!TerminalSize.isValid(request.terminalSize)) return err(ControlError.invalidTerminalSize());
  if (!isValidWorkingDirectory(request.workingDirectory)) {
    return err(ControlError.invalidWorkingDirectory());
  }
  const session = state.sessions.get(instanceId);
  if (session === undefined) return err(ControlError.unknownInstance(instanceId));
  const { snapshot } = session;
  if (snapshot.transport === 'pty') {
    const denied = requireCapability(runtimePolicy, 'raw-pty-lifecycle');
    if (denied !== null) return err(denied);
  }
  if (snapshot.pendingOperation !== null) {
    return err(ControlError.operationPending(instanceId, snapshot.pendingOperation));
  }
  const status = snapshot.status;
  if (status.kind !== 'registered' && status.kind !== 'exited' && status.kind !== 'failed') {
    return err(ControlError.invalidTransition(instanceId, 'start', status));
  }
  let initialPrompt: string | null = null;
  if (request.initialPrompt !== null) {
    const normalized = normalizeSemanticPrompt(request.initialPrompt);
    if (!normalized.ok) return err(ControlError.inputRejected(normalized.error));
    initialPrompt = normalized.value;
  }
  if (request.sessionOptions !== null) {
    const options = SessionOptionSelection.validate(request.sessionOptions);
    if (!options.ok) return err(ControlError.invalidSessionOptions(options.error.message));
  }
  if (snapshot.transport === 'pipe' && (initialPrompt === null || initialPrompt === '')) {
    return err(ControlError.missingInitialPrompt());
  }
  if (initialPrompt !== null && initialPrompt !== '') {
    const denied = requireStructuredPrompt(runtimePolicy);
    if (denied !== null) return err(denied);
  }
  const watermark = state.generationWatermarks.get(instanceId) ?? snapshot.generation;
  const base = Math.max(watermark, snapshot.generation) as SessionGeneration;
  const generation = nextGeneration(base);
  if (generation === null) return err(ControlError.generationExhausted(instanceId, base));

  const operationId = allocateOperation(state);
  session.pendingTerminalSize = request.terminalSize;
  session.pendingInterrupt = false;
  session.unresolvedInteractions = [];
  session.runtimePolicy = runtimePolicy;
  snapshot.generation = generation;
  snapshot.status = { kind: 'starting' };
  snapshot.pendingOperation = operationId;
  snapshot.pendingInput = null;
  snapshot.processId = null;
  snapshot.terminalSize = null;
  snapshot.terminalFrame = null;
  snapshot.terminalStale = null;
  snapshot.operatorGate = null;
  snapshot.sessionOptions = request.sessionOptions;
  snapshot.foreground = defaultForegroundSnapshot();
  snapshot.provider = defaultProviderSnapshot();
  state.generationWatermarks.set(instanceId, generation);
  state.effects.push({
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId,
    instanceId,
    generation,
    effect: {
      kind: 'spawn',
      agentId: snapshot.agentId,
      transport: snapshot.transport,
      runtimePolicy,
      request: { ...request, initialPrompt },
    },
  });
  bumpRevision(state);
  emitEvent(state, commandId, instanceId, generation, { kind: 'start-requested', operationId });
  return ok();
}
