// Fixtures of the ported gate4agent-engine tests: instance 7, agent `claude`, PTY, the all-flags
// policy, cwd ".", 24×80, `spawned.processId = 42`.
import {
  AgentId,
  AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  type CommandEnvelope,
  CommandId,
  type ControlObservation,
  type EffectEnvelope,
  type InputAction,
  type ObservationEnvelope,
  type OperationId,
  ProviderRuntimePolicy,
  type SessionGeneration,
  type TerminalSize,
  unwrap,
} from '@gate4agent/types';
import { Gate4AgentEngine } from '../../src/engine/gate4agent-engine.js';

export const instance = (): AgentInstanceId => AgentInstanceId.of(7);

export const verifiedRuntimePolicy = (): ProviderRuntimePolicy =>
  unwrap(
    ProviderRuntimePolicy.tryNew({
      rawPtyLifecycle: true,
      semanticReadiness: true,
      structuredPrompt: true,
      providerSessionIdentity: true,
      semanticResume: true,
    }),
  );

export const size = (rows: number, columns: number): TerminalSize => ({ rows, columns });

export function registerInstance(commandId: number, instanceId: AgentInstanceId): CommandEnvelope {
  return {
    id: CommandId.of(commandId),
    command: { kind: 'register', instanceId, agentId: AgentId.of('claude'), transport: 'pty' },
  };
}

export const register = (commandId: number): CommandEnvelope =>
  registerInstance(commandId, instance());

export function startWithPolicy(
  commandId: number,
  runtimePolicy: ProviderRuntimePolicy,
  terminalSize: TerminalSize = size(24, 80),
): CommandEnvelope {
  return {
    id: CommandId.of(commandId),
    command: {
      kind: 'start',
      instanceId: instance(),
      runtimePolicy,
      request: {
        workingDirectory: '.',
        terminalSize,
        initialPrompt: null,
        sessionOptions: null,
        approvalLevel: 'ask',
      },
    },
  };
}

export const start = (commandId: number): CommandEnvelope =>
  startWithPolicy(commandId, verifiedRuntimePolicy());

export function sendInput(commandId: number, action: InputAction): CommandEnvelope {
  return {
    id: CommandId.of(commandId),
    command: { kind: 'send-input', instanceId: instance(), action },
  };
}

export const terminalText = (commandId: number, text: string): CommandEnvelope =>
  sendInput(commandId, { kind: 'terminal-text', text });

export function command(commandId: number, body: CommandEnvelope['command']): CommandEnvelope {
  return { id: CommandId.of(commandId), command: body };
}

export function observation(
  operationId: OperationId | null,
  generation: SessionGeneration,
  body: ControlObservation,
  instanceId: AgentInstanceId = instance(),
): ObservationEnvelope {
  return {
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId,
    instanceId,
    generation,
    observation: body,
  };
}

/** The observation that answers `effect` (same operation id, instance and generation). */
export const answer = (effect: EffectEnvelope, body: ControlObservation): ObservationEnvelope =>
  observation(effect.operationId, effect.generation, body, effect.instanceId);

export function runningEngineWithPolicy(runtimePolicy: ProviderRuntimePolicy): {
  engine: Gate4AgentEngine;
  spawn: EffectEnvelope;
} {
  const engine = new Gate4AgentEngine();
  unwrap(engine.applyCommand(register(1)));
  engine.drainEvents();
  unwrap(engine.applyCommand(startWithPolicy(2, runtimePolicy)));
  const spawn = engine.drainEffects().pop()!;
  engine.applyObservation(answer(spawn, { kind: 'spawned', processId: 42 }));
  return { engine, spawn };
}

export const runningEngine = () => runningEngineWithPolicy(verifiedRuntimePolicy());
