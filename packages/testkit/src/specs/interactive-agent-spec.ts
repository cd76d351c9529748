import {
  AgentId,
  type AgentSpec,
  defaultAgentCapabilities,
  defaultAgentReadinessSpec,
  type LaunchSpec,
} from '@gate4agent/types';
import { CONTROL_FIXTURE_ID, FIXTURE_RUN_ARG, FIXTURE_SPEC_REVISION } from '../constants.js';
import { type FixtureProgram, fixtureScriptPath } from '../fixtures/fixture-program.js';
import { fixtureRunTag } from '../process/fixture-run.js';

/** Options of the control fixture spec factories. */
export interface ControlFixtureSpecOptions {
  /**
   * `detection.command` of the spec. Default `<script>.mjs` (for example `control-fixture.mjs`):
   * unique per fixture script, so fixtures of different scripts fit in one registry.
   */
  readonly detectionCommand?: string;
}

/**
 * A launch of fixture `program` through this Node binary: no shell, no PATH lookup. The fixed
 * args are the script, the run tag (`--gate4agent-fixture-run=<tag>`, dropped by the script
 * itself) and `args`: a runtime that gives the child only the minimal environment (a PTY agent)
 * still launches a process the run's leak scan recognises.
 */
export function fixtureLaunch(program: FixtureProgram, args: readonly string[] = []): LaunchSpec {
  return {
    program: process.execPath,
    fixedArgs: [fixtureScriptPath(program), `${FIXTURE_RUN_ARG}${fixtureRunTag()}`, ...args],
  };
}

function controlSpec(program: FixtureProgram, options: ControlFixtureSpecOptions): AgentSpec {
  const capabilities = defaultAgentCapabilities();
  capabilities.agentCommands = 'slash-line';
  return {
    id: AgentId.of(CONTROL_FIXTURE_ID),
    revision: FIXTURE_SPEC_REVISION,
    displayName: 'Control-plane PTY fixture',
    detection: {
      command: options.detectionCommand ?? `${program}.mjs`,
      aliases: [],
      requiredCommands: [],
      unsupportedPlatforms: [],
    },
    launch: fixtureLaunch(program),
    // The runtime reports a recognised foreground process under the spec id.
    expectedProcesses: [{ kind: 'exact', name: CONTROL_FIXTURE_ID }],
    prompt: { initial: { kind: 'none' }, nativeDraft: null },
    readiness: { ...defaultAgentReadinessSpec(), draftSignal: 'cursor-after-bracketed-paste' },
    capabilities,
    verification: 'gate4agent-verified',
    verifiedWith: null,
  };
}

/**
 * The interactive PTY fixture agent (`control-fixture`): prints
 * `ESC[?2004h ESC[?25h fixture-ready>`, reads one line, prints `fixture-echo:<line>`, stays alive
 * 60 s and exits 0. A fresh mutable object on every call.
 */
export function interactiveAgentSpec(options: ControlFixtureSpecOptions = {}): AgentSpec {
  return controlSpec('control-fixture', options);
}

/** The same agent (id `control-fixture`) running a script that prints `fixture-exit` and exits 7. */
export function exitingAgentSpec(options: ControlFixtureSpecOptions = {}): AgentSpec {
  return controlSpec('exiting', options);
}

/**
 * The interactive fixture agent (id `control-fixture`) started with `--trust-dialog`: it first
 * draws a workspace trust dialog ("Do you trust the files in this folder?", cursor hidden, raw
 * mode) until one key answers it, prints `fixture-trust:<key code>`, then behaves as
 * {@link interactiveAgentSpec}. For tests of operator gates: input refusal, readiness failing
 * with the gate named, and operator keys.
 */
export function trustDialogAgentSpec(options: ControlFixtureSpecOptions = {}): AgentSpec {
  const spec = controlSpec('control-fixture', options);
  spec.launch = fixtureLaunch('control-fixture', ['--trust-dialog']);
  return spec;
}
