import type {
  CapabilityCompletionEnvelope,
  CapabilityEffectEnvelope,
  CapabilityProviderDescriptor,
  ToolCapabilityId,
  ToolInstanceState,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { TOOL_AUDIT_EVENTS_MAX } from '@gate4agent/tool-protocol';
import { type AgentInstanceId, Gate4AgentError, type SessionGeneration } from '@gate4agent/types';
import { COUNTER_MAX } from '../constants.js';
import { AuditRing } from './audit-ring.js';
import { GrantTable } from './grant-table.js';
import { RequestTable } from './request-table.js';

/** A registered provider: its frozen descriptor (capabilities sorted by id) and an id index. */
export interface ProviderEntry {
  readonly descriptor: CapabilityProviderDescriptor;
  readonly capabilityIds: ReadonlySet<ToolCapabilityId>;
}

/**
 * The counters a test may start elsewhere than at their initial values, to reach exhaustion
 * (`COUNTER_MAX`) without issuing 2^53 values first.
 */
export interface ToolEngineCounters {
  /** Initially 0. */
  readonly revision: number;
  /** Initially 0. */
  readonly revisionOverflowCount: number;
  /** The next accepted sequence; initially 1. */
  readonly nextRequestSequence: number;
  /** Initially 1. */
  readonly nextOperationId: number;
  /** Initially 1. */
  readonly nextEffectSequence: number;
  /** Initially 1. */
  readonly nextCompletionSequence: number;
  /** Initially 1. */
  readonly nextAuditSequence: number;
}

/** Options of `new ToolEngine(options)`. */
export interface ToolEngineOptions {
  /**
   * Test seam: start some counters near exhaustion (for example `nextEffectSequence: COUNTER_MAX`).
   * Production code never sets it; every counter then starts where upstream's does.
   */
  readonly counters?: Partial<ToolEngineCounters>;
}

/** Everything the engine holds (upstream `ToolEngine`'s fields). */
export interface ToolEngineState {
  revision: number;
  currentTick: number;
  readonly generations: Map<AgentInstanceId, SessionGeneration>;
  readonly instanceStates: Map<AgentInstanceId, ToolInstanceState>;
  readonly providers: Map<ToolProviderId, ProviderEntry>;
  readonly grants: GrantTable;
  readonly requests: RequestTable;
  effects: CapabilityEffectEnvelope[];
  completions: CapabilityCompletionEnvelope[];
  readonly auditEvents: AuditRing;
  droppedAuditEvents: number;
  revisionOverflowCount: number;
  droppedCompletions: number;
  droppedCompletionsSinceDrain: number;
  lastAuthoritySequence: number;
  effectSequenceExhausted: boolean;
  completionSequenceExhausted: boolean;
  auditSequenceExhausted: boolean;
  nextRequestSequence: number;
  nextOperationId: number;
  nextEffectSequence: number;
  nextCompletionSequence: number;
  nextAuditSequence: number;
}

const INITIAL_COUNTERS: ToolEngineCounters = {
  revision: 0,
  revisionOverflowCount: 0,
  nextRequestSequence: 1,
  nextOperationId: 1,
  nextEffectSequence: 1,
  nextCompletionSequence: 1,
  nextAuditSequence: 1,
};

function checkedCounters(overrides: Partial<ToolEngineCounters>): ToolEngineCounters {
  const counters = { ...INITIAL_COUNTERS, ...overrides };
  for (const [name, value] of Object.entries(counters)) {
    const floor = INITIAL_COUNTERS[name as keyof ToolEngineCounters];
    if (!Number.isSafeInteger(value) || value < floor || value > COUNTER_MAX) {
      throw new Gate4AgentError(
        'invalid-engine-counter',
        `counter ${name} must be an integer from ${floor} to ${COUNTER_MAX}; got ${String(value)}`,
      );
    }
  }
  return counters;
}

/** A fresh engine state (upstream `ToolEngine::new`), with the counters of `options` if any. */
export function createEngineState(options: ToolEngineOptions = {}): ToolEngineState {
  const counters = checkedCounters(options.counters ?? {});
  return {
    revision: counters.revision,
    currentTick: 0,
    generations: new Map(),
    instanceStates: new Map(),
    providers: new Map(),
    grants: new GrantTable(),
    requests: new RequestTable(),
    effects: [],
    completions: [],
    auditEvents: new AuditRing(TOOL_AUDIT_EVENTS_MAX),
    droppedAuditEvents: 0,
    revisionOverflowCount: counters.revisionOverflowCount,
    droppedCompletions: 0,
    droppedCompletionsSinceDrain: 0,
    lastAuthoritySequence: 0,
    effectSequenceExhausted: false,
    completionSequenceExhausted: false,
    auditSequenceExhausted: false,
    nextRequestSequence: counters.nextRequestSequence,
    nextOperationId: counters.nextOperationId,
    nextEffectSequence: counters.nextEffectSequence,
    nextCompletionSequence: counters.nextCompletionSequence,
    nextAuditSequence: counters.nextAuditSequence,
  };
}
