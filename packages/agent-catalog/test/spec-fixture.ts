import {
  AgentId,
  type AgentSpec,
  defaultAgentCapabilities,
  defaultAgentReadinessSpec,
} from '@gate4agent/types';

/** The upstream registry tests' `spec(id, command)`: a minimal valid after-ready spec. */
export function spec(id: string, command: string): AgentSpec {
  return {
    id: AgentId.of(id),
    revision: 'test:1',
    displayName: id,
    detection: { command, aliases: [], requiredCommands: [], unsupportedPlatforms: [] },
    launch: { program: command, fixedArgs: [] },
    expectedProcesses: [{ kind: 'exact', name: command }],
    prompt: { initial: { kind: 'after-ready' }, nativeDraft: null },
    readiness: defaultAgentReadinessSpec(),
    capabilities: defaultAgentCapabilities(),
    verification: 'reference',
    verifiedWith: null,
  };
}
