// Port of A3S Code `core/src/agent_api/capability_runtime_tests.rs` (the reference catalog
// tests): same scenarios, constants, order of steps and assertions, adapted to Result values.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import type { UseGenerationLeaseProvider } from '../src/index.js';
import * as pkg from '../src/index.js';
import { CapabilityValue, SessionCapabilityBatch, WorkerAgentSpec } from '../src/index.js';
import {
  CancellationWaitingAdapter,
  CountingEffect,
  CutoverClient,
  counter,
  FailingAdapter,
  FailingEffect,
  FailingUseLeaseProvider,
  Latch,
  leaseCounters,
  projectedAgent,
  provider,
  ReadyAdapter,
  SignallingReadyAdapter,
  SkillCutoverClient,
  skill,
  TestUseLeaseProvider,
  testSession,
  useAgentSet,
  useGeneration,
  useKindSet,
  useSkillSet,
  useToolSet,
  VersionedTool,
} from '../src/testing/index.js';

const nextMacrotask = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('capability_runtime_tests', () => {
  it('session_batch_accepts_migrated_kinds', () => {
    const counters = leaseCounters();
    const agentGeneration = useGeneration(1, 'a');
    const { set: agentSet } = useAgentSet(1, agentGeneration, [['projected-agent', 'b']]);
    expect(
      SessionCapabilityBatch.fromUseProjection(agentSet, provider(agentGeneration, counters)).ok,
    ).toBe(true);
    const commandGeneration = useGeneration(2, 'c');
    const { set: commandSet } = useKindSet(2, commandGeneration, 'command', [
      ['projected-command', 'd'],
    ]);
    expect(
      SessionCapabilityBatch.fromUseProjection(commandSet, provider(commandGeneration, counters))
        .ok,
    ).toBe(true);
    const hookGeneration = useGeneration(3, 'e');
    const { set: hookSet } = useKindSet(3, hookGeneration, 'hook', [['projected-hook', 'f']]);
    expect(
      SessionCapabilityBatch.fromUseProjection(hookSet, provider(hookGeneration, counters)).ok,
    ).toBe(true);
    const mcpGeneration = useGeneration(4, 'a');
    const { set: mcpSet } = useKindSet(4, mcpGeneration, 'mcp', [['projected-mcp', 'b']]);
    expect(
      SessionCapabilityBatch.fromUseProjection(mcpSet, provider(mcpGeneration, counters)).ok,
    ).toBe(true);
    const contextGeneration = useGeneration(5, 'c');
    const { set: contextSet } = useKindSet(5, contextGeneration, 'context', [
      ['projected-context', 'd'],
    ]);
    expect(
      SessionCapabilityBatch.fromUseProjection(contextSet, provider(contextGeneration, counters))
        .ok,
    ).toBe(true);
    const flowGeneration = useGeneration(6, 'e');
    const { set: flowSet } = useKindSet(6, flowGeneration, 'flow', [['projected-flow', 'f']]);
    expect(
      SessionCapabilityBatch.fromUseProjection(flowSet, provider(flowGeneration, counters)).ok,
    ).toBe(true);
    const knowledgeGeneration = useGeneration(7, 'a');
    const { set: knowledgeSet } = useKindSet(7, knowledgeGeneration, 'knowledge', [
      ['projected-knowledge', 'b'],
    ]);
    expect(
      SessionCapabilityBatch.fromUseProjection(
        knowledgeSet,
        provider(knowledgeGeneration, counters),
      ).ok,
    ).toBe(true);
  });

  it('failed_session_batch_never_advances_the_visible_generation', async () => {
    const session = testSession('capability-batch-atomicity');
    const executions: string[] = [];
    const counters = leaseCounters();
    const upstream = useGeneration(1, 'a');
    const { set: firstSet, ids: firstIds } = useToolSet(1, upstream, [['projected', 'b']]);
    const first = unwrap(
      SessionCapabilityBatch.fromUseProjection(firstSet, provider(upstream, counters)),
    );
    unwrap(
      first.stageValue(
        firstIds.projected!,
        CapabilityValue.tool(new VersionedTool('projected', 'generation-one', executions)),
      ),
    );
    unwrap(await session.applyCapabilityBatch(first, new AbortController().signal));
    const before = session.capabilityCatalogStamp();
    const rollbackCount = counter();
    const nextUpstream = useGeneration(2, 'c');
    const { set: secondSet, ids: secondIds } = useToolSet(2, nextUpstream, [
      ['alpha', 'd'],
      ['omega', 'e'],
    ]);
    const second = unwrap(
      SessionCapabilityBatch.fromUseProjection(secondSet, provider(nextUpstream, counters)),
    );
    unwrap(
      second.stage(
        secondIds.alpha!,
        new ReadyAdapter(
          CapabilityValue.tool(new VersionedTool('alpha', 'generation-two-alpha', executions)),
          new CountingEffect(rollbackCount),
        ),
      ),
    );
    unwrap(second.stage(secondIds.omega!, new FailingAdapter()));
    expect(await session.applyCapabilityBatch(second, new AbortController().signal)).toMatchObject({
      ok: false,
      error: { kind: 'projection' },
    });
    expect(session.capabilityCatalogStamp()).toEqual(before);
    const cleanup = await session.drainCapabilityCleanup();
    expect(cleanup.rollbackBatches).toBe(1);
    expect(rollbackCount.count).toBe(1);
  });

  it('run_admission_consumes_and_releases_the_exact_use_lease', async () => {
    const session = testSession('capability-run-use-lease');
    const counters = leaseCounters();
    const executions: string[] = [];
    const upstream = useGeneration(7, 'a');
    const { set, ids } = useToolSet(1, upstream, [['projected', 'b']]);
    const batch = unwrap(
      SessionCapabilityBatch.fromUseProjection(set, provider(upstream, counters)),
    );
    unwrap(
      batch.stageValue(
        ids.projected!,
        CapabilityValue.tool(new VersionedTool('projected', 'lease-test', executions)),
      ),
    );
    unwrap(await session.applyCapabilityBatch(batch, new AbortController().signal));
    const run = unwrap(await session.admitCapabilityRun());
    expect(counters.acquired).toBe(1);
    expect(counters.dropped).toBe(0);
    unwrap(await run.close());
    run.release();
    expect(counters.dropped).toBe(1);
  });

  it('run_admission_rejects_a_cursor_mismatched_use_lease', async () => {
    const session = testSession('capability-run-use-mismatch');
    const counters = leaseCounters();
    const executions: string[] = [];
    const upstream = useGeneration(9, 'a');
    const { set, ids } = useToolSet(1, upstream, [['projected', 'b']]);
    const mismatchedProvider: UseGenerationLeaseProvider = new TestUseLeaseProvider(
      upstream,
      counters,
      useGeneration(10, 'c'),
    );
    const batch = unwrap(SessionCapabilityBatch.fromUseProjection(set, mismatchedProvider));
    unwrap(
      batch.stageValue(
        ids.projected!,
        CapabilityValue.tool(new VersionedTool('projected', 'mismatch-test', executions)),
      ),
    );
    unwrap(await session.applyCapabilityBatch(batch, new AbortController().signal));
    expect(await session.admitCapabilityRun()).toMatchObject({
      ok: false,
      error: { kind: 'scope', cause: { kind: 'use-generation-lease-mismatch' } },
    });
    expect(counters.acquired).toBe(1);
    expect(counters.dropped).toBe(1);
  });

  it('active_run_keeps_n_definition_executor_and_use_lease_across_n_plus_one_cutover', async () => {
    const client = new CutoverClient();
    const session = testSession('capability-run-cutover', client);
    const executions: string[] = [];
    const firstCounters = leaseCounters();
    const secondCounters = leaseCounters();
    const firstUpstream = useGeneration(1, 'a');
    const { set: firstSet, ids: firstIds } = useToolSet(1, firstUpstream, [['projected', 'b']]);
    const first = unwrap(
      SessionCapabilityBatch.fromUseProjection(firstSet, provider(firstUpstream, firstCounters)),
    );
    unwrap(
      first.stageValue(
        firstIds.projected!,
        CapabilityValue.tool(new VersionedTool('projected', 'generation-one', executions)),
      ),
    );
    unwrap(await session.applyCapabilityBatch(first, new AbortController().signal));
    const oldRun = session.send('Call the projected tool once.');
    await client.oldDefinitionObserved.wait();
    expect(firstCounters.acquired).toBe(1);
    expect(firstCounters.dropped).toBe(0);
    const secondUpstream = useGeneration(2, 'c');
    const { set: secondSet, ids: secondIds } = useToolSet(2, secondUpstream, [['projected', 'd']]);
    const second = unwrap(
      SessionCapabilityBatch.fromUseProjection(secondSet, provider(secondUpstream, secondCounters)),
    );
    unwrap(
      second.stageValue(
        secondIds.projected!,
        CapabilityValue.tool(new VersionedTool('projected', 'generation-two', executions)),
      ),
    );
    unwrap(await session.applyCapabilityBatch(second, new AbortController().signal));
    expect(firstCounters.dropped).toBe(0);
    expect(secondCounters.acquired).toBe(0);
    client.releaseOldCall.signal();
    const oldResult = unwrap(await oldRun);
    expect(oldResult.text).toBe('generation one complete');
    expect(executions).toEqual(['generation-one']);
    expect(firstCounters.dropped).toBe(1);
    const newResult = unwrap(await session.send('Call the projected tool once.'));
    expect(newResult.text).toBe('generation two complete');
    expect(
      newResult.toolCallsCount,
      `unexpected second-generation messages: ${JSON.stringify(newResult.messages)}`,
    ).toBe(1);
    expect(executions).toEqual(['generation-one', 'generation-two']);
    expect(secondCounters.acquired).toBe(1);
    expect(secondCounters.dropped).toBe(1);
    expect(client.observedDefinitions).toEqual(['generation-one', 'generation-two']);
  });

  it('cancelling_host_batch_preparation_rolls_back_without_publication', async () => {
    const session = testSession('capability-batch-cancellation');
    const before = session.capabilityCatalogStamp();
    const closedEffects = counter();
    const entered = new Latch();
    const counters = leaseCounters();
    const executions: string[] = [];
    const upstream = useGeneration(1, 'a');
    const { set, ids } = useToolSet(1, upstream, [
      ['alpha', 'b'],
      ['omega', 'c'],
    ]);
    const batch = unwrap(
      SessionCapabilityBatch.fromUseProjection(set, provider(upstream, counters)),
    );
    unwrap(
      batch.stage(
        ids.alpha!,
        new ReadyAdapter(
          CapabilityValue.tool(new VersionedTool('alpha', 'cancel-alpha', executions)),
          new CountingEffect(closedEffects),
        ),
      ),
    );
    unwrap(batch.stage(ids.omega!, new CancellationWaitingAdapter(entered)));
    const cancellation = new AbortController();
    const apply = session.applyCapabilityBatch(batch, cancellation.signal);
    await entered.wait(5_000);
    cancellation.abort();
    expect(await apply).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(session.capabilityCatalogStamp()).toEqual(before);
    const cleanup = await session.drainCapabilityCleanup();
    expect(cleanup.rollbackBatches).toBe(1);
    expect(cleanup.effectsClosed).toBe(1);
    expect(closedEffects.count).toBe(1);
  });

  it('session_close_cancels_preparation_and_releases_prepared_effects', async () => {
    const session = testSession('capability-batch-close-cancellation');
    const before = session.capabilityCatalogStamp();
    const closedEffects = counter();
    const entered = new Latch();
    const counters = leaseCounters();
    const executions: string[] = [];
    const upstream = useGeneration(1, 'a');
    const { set, ids } = useToolSet(1, upstream, [
      ['alpha', 'b'],
      ['omega', 'c'],
    ]);
    const batch = unwrap(
      SessionCapabilityBatch.fromUseProjection(set, provider(upstream, counters)),
    );
    unwrap(
      batch.stage(
        ids.alpha!,
        new ReadyAdapter(
          CapabilityValue.tool(new VersionedTool('alpha', 'close-alpha', executions)),
          new CountingEffect(closedEffects),
        ),
      ),
    );
    unwrap(batch.stage(ids.omega!, new CancellationWaitingAdapter(entered)));
    const apply = session.applyCapabilityBatch(batch, new AbortController().signal);
    await entered.wait(5_000);
    await session.close();
    expect(await apply).toMatchObject({ ok: false, error: { kind: 'session-closed' } });
    expect(session.capabilityCatalogStamp()).toEqual(before);
    expect(closedEffects.count).toBe(1);
    expect(session.capabilityCatalog.pendingCleanupBatches()).toBe(0);
  });

  it('session_close_and_ready_batch_commit_have_a_single_linearization', async () => {
    const session = testSession('capability-batch-close-commit-race');
    const before = session.capabilityCatalogStamp();
    const closedEffects = counter();
    const prepared = new Latch();
    const counters = leaseCounters();
    const executions: string[] = [];
    const upstream = useGeneration(1, 'a');
    const { set, ids } = useToolSet(1, upstream, [['projected', 'b']]);
    const batch = unwrap(
      SessionCapabilityBatch.fromUseProjection(set, provider(upstream, counters)),
    );
    unwrap(
      batch.stage(
        ids.projected!,
        new SignallingReadyAdapter(
          CapabilityValue.tool(new VersionedTool('projected', 'commit-race', executions)),
          new CountingEffect(closedEffects),
          prepared,
        ),
      ),
    );
    // The lock owner holds the publication lock from outside, as the reference's OS thread does.
    const release = await session.immediateExtensionMutation.acquire('lock-owner');
    const apply = session.applyCapabilityBatch(batch, new AbortController().signal);
    await prepared.wait(5_000);
    const close = session.close();
    await nextMacrotask();
    release();
    const result = await apply;
    await close;
    if (result.ok) {
      expect(result.value.previous).toEqual(before);
      expect(result.value.committed.generation).toBe(1);
      expect(session.capabilityCatalogStamp().generation).toBe(1);
    } else {
      expect(
        result.error.kind,
        `unexpected close/commit race result: ${result.error.message}`,
      ).toBe('session-closed');
      expect(session.capabilityCatalogStamp()).toEqual(before);
    }
    expect(closedEffects.count).toBe(1);
    expect(session.capabilityCatalog.pendingCleanupBatches()).toBe(0);
  });

  it('compatibility_name_conflicts_fail_before_generation_publication', async () => {
    const toolSession = testSession('capability-tool-name-conflict');
    const executions: string[] = [];
    unwrap(
      await toolSession.registerDynamicTool(
        new VersionedTool('projected', 'compatibility', executions),
      ),
    );
    const toolBefore = toolSession.capabilityCatalogStamp();
    let upstream = useGeneration(1, 'a');
    const tools = useToolSet(1, upstream, [['projected', 'b']]);
    let batch = unwrap(
      SessionCapabilityBatch.fromUseProjection(tools.set, provider(upstream, leaseCounters())),
    );
    unwrap(
      batch.stageValue(
        tools.ids.projected!,
        CapabilityValue.tool(new VersionedTool('projected', 'use-projection', executions)),
      ),
    );
    expect(
      await toolSession.applyCapabilityBatch(batch, new AbortController().signal),
    ).toMatchObject({
      ok: false,
      error: { kind: 'runtime-name-conflict', capabilityKind: 'tool' },
    });
    expect(toolSession.capabilityCatalogStamp()).toEqual(toolBefore);

    const skillSession = testSession('capability-skill-name-conflict');
    unwrap(await skillSession.addSkill(skill('projected-skill', 'compatibility')));
    const skillBefore = skillSession.capabilityCatalogStamp();
    upstream = useGeneration(1, 'c');
    const skills = useSkillSet(1, upstream, [['projected-skill', 'd']]);
    batch = unwrap(
      SessionCapabilityBatch.fromUseProjection(skills.set, provider(upstream, leaseCounters())),
    );
    unwrap(
      batch.stageValue(
        skills.ids['projected-skill']!,
        CapabilityValue.skill(skill('projected-skill', 'use-projection')),
      ),
    );
    expect(
      await skillSession.applyCapabilityBatch(batch, new AbortController().signal),
    ).toMatchObject({
      ok: false,
      error: { kind: 'runtime-name-conflict', capabilityKind: 'skill' },
    });
    expect(skillSession.capabilityCatalogStamp()).toEqual(skillBefore);

    const agentSession = testSession('capability-agent-name-conflict');
    const agentBefore = agentSession.capabilityCatalogStamp();
    upstream = useGeneration(1, 'e');
    const agents = useAgentSet(1, upstream, [['reviewer', 'f']]);
    batch = unwrap(
      SessionCapabilityBatch.fromUseProjection(agents.set, provider(upstream, leaseCounters())),
    );
    unwrap(
      batch.stageValue(
        agents.ids.reviewer!,
        CapabilityValue.agent(projectedAgent('reviewer', 'use-projection')),
      ),
    );
    expect(
      await agentSession.applyCapabilityBatch(batch, new AbortController().signal),
    ).toMatchObject({
      ok: false,
      error: { kind: 'runtime-name-conflict', capabilityKind: 'agent' },
    });
    expect(agentSession.capabilityCatalogStamp()).toEqual(agentBefore);
  });

  it('compatibility_mutation_cannot_shadow_a_published_projection', async () => {
    const conflict = (capabilityKind: string) => ({
      ok: false,
      error: { kind: 'capability', cause: { kind: 'runtime-name-conflict', capabilityKind } },
    });
    const toolSession = testSession('capability-tool-post-publication-conflict');
    const executions: string[] = [];
    let upstream = useGeneration(1, 'a');
    const tools = useToolSet(1, upstream, [['projected', 'b']]);
    let batch = unwrap(
      SessionCapabilityBatch.fromUseProjection(tools.set, provider(upstream, leaseCounters())),
    );
    unwrap(
      batch.stageValue(
        tools.ids.projected!,
        CapabilityValue.tool(new VersionedTool('projected', 'published', executions)),
      ),
    );
    unwrap(await toolSession.applyCapabilityBatch(batch, new AbortController().signal));
    const toolStamp = toolSession.capabilityCatalogStamp();
    expect(
      await toolSession.registerDynamicTool(
        new VersionedTool('projected', 'compatibility', executions),
      ),
    ).toMatchObject(conflict('tool'));
    expect(toolSession.capabilityCatalogStamp()).toEqual(toolStamp);

    const skillSession = testSession('capability-skill-post-publication-conflict');
    upstream = useGeneration(1, 'c');
    const skills = useSkillSet(1, upstream, [['projected-skill', 'd']]);
    batch = unwrap(
      SessionCapabilityBatch.fromUseProjection(skills.set, provider(upstream, leaseCounters())),
    );
    unwrap(
      batch.stageValue(
        skills.ids['projected-skill']!,
        CapabilityValue.skill(skill('projected-skill', 'published')),
      ),
    );
    unwrap(await skillSession.applyCapabilityBatch(batch, new AbortController().signal));
    const skillStamp = skillSession.capabilityCatalogStamp();
    expect(await skillSession.addSkill(skill('projected-skill', 'compatibility'))).toMatchObject(
      conflict('skill'),
    );
    expect(skillSession.capabilityCatalogStamp()).toEqual(skillStamp);

    const agentSession = testSession('capability-agent-post-publication-conflict');
    upstream = useGeneration(1, 'e');
    const agents = useAgentSet(1, upstream, [['published-agent', 'f']]);
    batch = unwrap(
      SessionCapabilityBatch.fromUseProjection(agents.set, provider(upstream, leaseCounters())),
    );
    unwrap(
      batch.stageValue(
        agents.ids['published-agent']!,
        CapabilityValue.agent(projectedAgent('published-agent', 'published')),
      ),
    );
    unwrap(await agentSession.applyCapabilityBatch(batch, new AbortController().signal));
    const agentStamp = agentSession.capabilityCatalogStamp();
    expect(
      await agentSession.registerWorkerAgent(
        WorkerAgentSpec.custom('published-agent', 'Compatibility worker'),
      ),
    ).toMatchObject(conflict('agent'));
    expect(agentSession.agentRegistry.exists('published-agent')).toBe(false);
    expect(
      await agentSession.registerWorkerAgents([
        WorkerAgentSpec.custom('batch-safe-agent', 'Must roll back'),
        WorkerAgentSpec.custom('published-agent', 'Conflicting compatibility worker'),
      ]),
    ).toMatchObject(conflict('agent'));
    expect(agentSession.agentRegistry.exists('batch-safe-agent')).toBe(false);
    const agentDir = await mkdtemp(join(tmpdir(), 'capability-agent-dir-'));
    try {
      await writeFile(
        join(agentDir, 'directory-safe-agent.yaml'),
        'name: directory-safe-agent\ndescription: Must not partially register\n',
      );
      await writeFile(
        join(agentDir, 'published-agent.yaml'),
        'name: published-agent\ndescription: Compatibility directory agent\n',
      );
      expect(await agentSession.registerAgentDir(agentDir)).toMatchObject(conflict('agent'));
    } finally {
      await rm(agentDir, { recursive: true, force: true });
    }
    expect(agentSession.agentRegistry.exists('published-agent')).toBe(false);
    expect(agentSession.agentRegistry.exists('directory-safe-agent')).toBe(false);
    expect(agentSession.capabilityCatalogStamp()).toEqual(agentStamp);
  });

  it('exact_run_admission_failure_settles_the_reserved_run', async () => {
    const session = testSession('capability-exact-run-admission-failure');
    const executions: string[] = [];
    const upstream = useGeneration(1, 'a');
    const { set, ids } = useToolSet(1, upstream, [['projected', 'b']]);
    const failing: UseGenerationLeaseProvider = new FailingUseLeaseProvider(upstream);
    const batch = unwrap(SessionCapabilityBatch.fromUseProjection(set, failing));
    unwrap(
      batch.stageValue(
        ids.projected!,
        CapabilityValue.tool(new VersionedTool('projected', 'never-executed', executions)),
      ),
    );
    unwrap(await session.applyCapabilityBatch(batch, new AbortController().signal));
    const spawned = await session.spawnRunWithId('exact-capability-failure', 'must not start');
    if (spawned.ok) throw new Error('exact Run unexpectedly started');
    const error = spawned.error;
    expect(error).toMatchObject({ kind: 'capability', cause: { kind: 'use-lease-acquisition' } });
    const snapshot = session.runSnapshot('exact-capability-failure')!;
    expect(snapshot.status).toBe('failed');
    expect(snapshot.error).toContain('Use generation lease');
    expect(session.currentRun()).toBeNull();
  });

  it('non_clean_capability_run_close_is_a_typed_failure', async () => {
    const session = testSession('capability-run-close-failure');
    const counters = leaseCounters();
    const executions: string[] = [];
    const upstream = useGeneration(1, 'a');
    const { set, ids } = useToolSet(1, upstream, [['projected', 'b']]);
    const batch = unwrap(
      SessionCapabilityBatch.fromUseProjection(set, provider(upstream, counters)),
    );
    unwrap(
      batch.stageValue(
        ids.projected!,
        CapabilityValue.tool(new VersionedTool('projected', 'close-failure', executions)),
      ),
    );
    unwrap(await session.applyCapabilityBatch(batch, new AbortController().signal));
    const run = unwrap(await session.admitCapabilityRun());
    unwrap(run.runScope.registerEffect(new FailingEffect()));
    expect(await run.close()).toMatchObject({
      ok: false,
      error: { kind: 'run-close-incomplete', childScopesFailed: 1 },
    });
    run.release();
    expect(counters.dropped).toBe(1);
  });

  it('active_run_keeps_n_skill_search_registry_and_use_lease_across_cutover', async () => {
    const client = new SkillCutoverClient();
    const session = testSession('capability-skill-cutover', client);
    const firstCounters = leaseCounters();
    const secondCounters = leaseCounters();
    const firstUpstream = useGeneration(1, 'a');
    const { set: firstSet, ids: firstIds } = useSkillSet(1, firstUpstream, [['pinned-skill', 'b']]);
    const first = unwrap(
      SessionCapabilityBatch.fromUseProjection(firstSet, provider(firstUpstream, firstCounters)),
    );
    unwrap(
      first.stageValue(
        firstIds['pinned-skill']!,
        CapabilityValue.skill(skill('pinned-skill', 'generation-one')),
      ),
    );
    unwrap(await session.applyCapabilityBatch(first, new AbortController().signal));
    const oldRun = session.send('Use pinned-skill and search for it.');
    await client.oldSurfaceObserved.wait();
    expect(firstCounters.acquired).toBe(1);
    expect(firstCounters.dropped).toBe(0);
    const secondUpstream = useGeneration(2, 'c');
    const { set: secondSet, ids: secondIds } = useSkillSet(2, secondUpstream, [
      ['pinned-skill', 'd'],
    ]);
    const second = unwrap(
      SessionCapabilityBatch.fromUseProjection(secondSet, provider(secondUpstream, secondCounters)),
    );
    unwrap(
      second.stageValue(
        secondIds['pinned-skill']!,
        CapabilityValue.skill(skill('pinned-skill', 'generation-two')),
      ),
    );
    unwrap(await session.applyCapabilityBatch(second, new AbortController().signal));
    expect(firstCounters.dropped).toBe(0);
    expect(secondCounters.acquired).toBe(0);
    client.releaseOldCall.signal();
    const oldResult = unwrap(await oldRun);
    expect(oldResult.text).toBe('skill generation one complete');
    expect(firstCounters.dropped).toBe(1);
    const newResult = unwrap(await session.send('Use pinned-skill and search the pinned catalog.'));
    expect(newResult.text).toBe('skill generation two complete');
    expect(secondCounters.acquired).toBe(1);
    expect(secondCounters.dropped).toBe(1);
    expect(client.observedSearchVersions).toEqual(['generation-one', 'generation-two']);
  });

  // Rust asserts `Send + Sync` on the guard types; TypeScript has no such bound, so this checks
  // that the same guards are part of the package's public surface.
  it('capability_run_guards_are_send_and_sync', () => {
    expect(typeof pkg.CapabilityCatalog).toBe('function');
    expect(typeof pkg.CapabilityProjectionLease).toBe('function');
    expect(typeof pkg.SessionCapabilityRun).toBe('function');
    const leaseProvider: pkg.UseGenerationLeaseProvider = provider(
      useGeneration(1, 'a'),
      leaseCounters(),
    );
    expect(typeof leaseProvider.acquire).toBe('function');
  });
});
