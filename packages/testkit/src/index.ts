export {
  CLEAN_EXIT_FIXTURE_ID,
  CLEAN_EXIT_NON_REGULAR_EXIT_CODE,
  CLEAN_EXIT_POLL_INTERVAL,
  CONTROL_FIXTURE_HOLD,
  CONTROL_FIXTURE_ID,
  DESCENDANT_PID_MARKER,
  DRIVE_INTERVAL,
  EXITING_FIXTURE_EXIT_CODE,
  FIXTURE_OUTPUT_KEEP_CHARS,
  FIXTURE_PATH_MAX_BYTES,
  FIXTURE_RUN_ARG,
  FIXTURE_RUN_ENV,
  FIXTURE_SPEC_REVISION,
  FIXTURE_TIMEOUT,
  LONG_RUNNING_DEFAULT,
  REAP_POLL_INTERVAL,
  REAP_TIMEOUT,
} from './constants.js';
export type { ControlledProviderExecutorOptions } from './executors/controlled-provider-executor.js';
export {
  ControlledProviderExecutor,
  ControlledProviderOperation,
} from './executors/controlled-provider-executor.js';
export {
  controlledSuccessObservation,
  controlledSuccessResult,
} from './executors/controlled-success-observation.js';
export {
  ImmediateStopExecutor,
  ImmediateStopOperation,
} from './executors/immediate-stop-executor.js';
export type { CancelPressureEvidence, ProcessEvidence } from './executors/process-evidence.js';
export {
  createCancelPressureEvidence,
  createProcessEvidence,
} from './executors/process-evidence.js';
export type { ChildExit } from './fixtures/child-exit.js';
export { childExit } from './fixtures/child-exit.js';
export type { FixtureProgram } from './fixtures/fixture-program.js';
export {
  FIXTURE_PROGRAMS,
  fixtureScriptPath,
  fixturesDirectory,
} from './fixtures/fixture-program.js';
export { fixtureEnv } from './fixtures/minimal-env.js';
export type { ControlledChildKind } from './fixtures/spawn-controlled-child.js';
export { spawnControlledChild } from './fixtures/spawn-controlled-child.js';
export type { FixtureChild, SpawnFixtureOptions } from './fixtures/spawn-fixture.js';
export { spawnFixture, spawnFixtureLaunch, spawnTracked } from './fixtures/spawn-fixture.js';
export type { DriveUntilOptions } from './helpers/drive-until.js';
export { driveUntil } from './helpers/drive-until.js';
export type { FakeClock } from './helpers/fake-clock.js';
export { createFakeClock } from './helpers/fake-clock.js';
export { createFixtureRoot } from './helpers/fixture-root.js';
export type { Latch } from './helpers/latch.js';
export { createLatch } from './helpers/latch.js';
export type { FixtureProcess } from './process/fixture-run.js';
export {
  findFixtureProcesses,
  fixtureRunTag,
  fixtureRunTeardown,
  startFixtureRun,
} from './process/fixture-run.js';
export type { FixtureHook, FixtureTestContext } from './process/fixture-tracking.js';
export { useFixtureTracking } from './process/fixture-tracking.js';
export { isProcessAlive, listProcesses, processCommandLine } from './process/process-probe.js';
export type { TrackedProcess, TrackProcessOptions } from './process/process-tracker.js';
export {
  describeLeaks,
  reapAll,
  setFixtureOwner,
  trackedProcesses,
  trackProcess,
} from './process/process-tracker.js';
export { controlledCleanExitAgentSpec } from './specs/controlled-clean-exit-agent-spec.js';
export type { ControlledExitTarget } from './specs/controlled-exit-fixture-error.js';
export {
  ControlledExitFixtureError,
  controlledExitFixtureError,
} from './specs/controlled-exit-fixture-error.js';
export type { ControlFixtureSpecOptions } from './specs/interactive-agent-spec.js';
export {
  exitingAgentSpec,
  fixtureLaunch,
  interactiveAgentSpec,
  trustDialogAgentSpec,
} from './specs/interactive-agent-spec.js';
