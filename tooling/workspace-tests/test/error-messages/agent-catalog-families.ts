// Samples for @gate4agent/agent-catalog.
import {
  AdapterRegistryError,
  LaunchPlanError,
  McpConfigError,
  RegistryError,
  SessionOptionAdapterError,
  SessionOptionCatalogError,
} from '@gate4agent/agent-catalog';
import type { ErrorFamily } from './error-family.js';

const adapterError = SessionOptionAdapterError.invalidValueType('effort');

/** The families of @gate4agent/agent-catalog. */
export const agentCatalogFamilies: readonly ErrorFamily[] = [
  {
    name: 'agent-catalog McpConfigError',
    factory: McpConfigError,
    samples: {
      unsupportedAgent: ['grok', ['claude', 'codex']],
      invalidEntry: ['name', "'a b' is not 1-64 of [A-Za-z0-9_-]"],
    },
  },
  {
    name: 'agent-catalog RegistryError',
    factory: RegistryError,
    samples: {
      invalidAgentId: ['Bad Id', 'contains a space'],
      invalidSpec: ['codex', '/launch/program', 'expected a string'],
      duplicateAgentId: ['codex'],
      ambiguousCommand: ['qwen', 'qwen-code', 'other'],
      emptyDisplayName: ['codex'],
      invalidRevision: ['codex', 'r\n1'],
      invalidExecutableName: ['codex', 'detection alias', 'x y'],
      invalidProgram: ['codex', ' '],
      missingExpectedProcess: ['codex'],
      invalidProcessMatcher: ['codex', 'a b'],
      invalidPromptFlag: ['codex', '--'],
      nulByte: ['codex', 'fixed argument'],
      invalidAdapterBinding: {
        args: ['codex', 'hook', 'codex-hook', 'revision is empty'],
        values: ['codex', 'Hook', 'codex-hook', 'revision is empty'],
      },
      unsupportedAdapterBinding: {
        args: ['codex', 'hook', 'codex-hook', 'old'],
        values: ['codex', 'Hook', 'codex-hook', 'old'],
      },
      ptySidecarRequiresPty: ['codex'],
    },
  },
  {
    name: 'agent-catalog AdapterRegistryError',
    factory: AdapterRegistryError,
    samples: {
      duplicate: { args: ['hook', 'x'], values: ['Hook', 'x'] },
      missingAgents: { args: ['hook', 'x'], values: ['Hook', 'x'] },
      invalidBinding: {
        args: ['hook', 'x', 'revision is empty'],
        values: ['Hook', 'x', 'revision is empty'],
      },
    },
  },
  {
    name: 'agent-catalog LaunchPlanError',
    factory: LaunchPlanError,
    samples: {
      unsupportedPlatform: { args: ['unix-only', 'windows'], values: ['unix-only', 'Windows'] },
      promptUnsupported: ['quiet'],
      nativePlannerRequired: ['hermes'],
      promptTooLarge: [17, 16],
      conflictingPromptAndDraft: [],
      windowsInlineLaunchTooLarge: [24001, 24000],
      sessionOptions: [SessionOptionCatalogError.adapter(adapterError)],
      approvalLevelUnsupported: ['kimi', 'read-only', ['ask', 'full-auto']],
      promptLooksLikeOption: ['codex', 'prompt', '-i'],
      approvalLevelRefusedAsRoot: ['claude', 'full-auto'],
      invalidLaunchArgument: { args: ['extra argument', 'nul-byte'], values: ['extra argument'] },
    },
  },
  {
    name: 'agent-catalog SessionOptionCatalogError',
    factory: SessionOptionCatalogError,
    samples: {
      unsupportedAgent: ['codex'],
      unavailableBinding: ['claude', 'claude-code', 'old'],
      adapter: [adapterError],
    },
  },
  {
    name: 'agent-catalog SessionOptionAdapterError',
    factory: SessionOptionAdapterError,
    samples: {
      unsupportedAdapter: ['opencode'],
      invalidValue: [],
      invalidOptionId: [],
      reservedModelOption: [],
      tooManyValues: [],
      invalidValueType: ['effort'],
    },
  },
];
