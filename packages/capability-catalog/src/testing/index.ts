// Test helpers of the session capability catalog, for this package's tests and downstream ones
// (`@gate4agent/capability-catalog/testing`; ARCHITECTURE decision 14).

export {
  CancellationWaitingAdapter,
  FailingAdapter,
  LateAdapter,
  ReadyAdapter,
  SignallingReadyAdapter,
} from './adapters.js';
export type { Counter } from './effects.js';
export { CountingEffect, counter, FailingEffect } from './effects.js';
export type { KindSet } from './fixtures.js';
export {
  digest,
  projectedAgent,
  skill,
  useAgentSet,
  useGeneration,
  useKindSet,
  useSkillSet,
  useToolSet,
  VersionedTool,
} from './fixtures.js';
export { Latch, waitUntil } from './latch.js';
export type { LeaseCounters } from './lease-providers.js';
export {
  FailingUseLeaseProvider,
  leaseCounters,
  provider,
  TestUseLeaseProvider,
} from './lease-providers.js';
export {
  CutoverClient,
  finalTextResponse,
  NoopClient,
  SkillCutoverClient,
  toolCallResponse,
} from './scripted-clients.js';
export { searchSkills, searchSkillsTool } from './search-skills-tool.js';
export { testSession } from './test-session.js';
