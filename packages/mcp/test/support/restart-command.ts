import { DEFAULT_AGENT_TERMINAL_SIZE } from '@gate4agent/runtime-native';
import {
  type AgentInstanceId,
  type CommandEnvelope,
  CommandId,
  ProviderRuntimePolicy,
} from '@gate4agent/types';

/**
 * The `start` an app dispatches through the control handle to run a stopped agent instance again
 * (raw PTY, this process's working directory, no prompt or session options), under command `id`.
 */
export function restartCommand(id: number, instanceId: AgentInstanceId): CommandEnvelope {
  return {
    id: CommandId.of(id),
    command: {
      kind: 'start',
      instanceId,
      runtimePolicy: ProviderRuntimePolicy.rawPty(),
      request: {
        workingDirectory: process.cwd(),
        terminalSize: DEFAULT_AGENT_TERMINAL_SIZE,
        initialPrompt: null,
        sessionOptions: null,
        approvalLevel: 'ask',
      },
    },
  };
}
