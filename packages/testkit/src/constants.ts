// Every limit and magic value of @gate4agent/testkit, under its upstream name where it has one.
// Durations are milliseconds.

/** gate4agent-testkit: id of the interactive control fixture (and of the exiting variant). */
export const CONTROL_FIXTURE_ID = 'control-fixture';
/** gate4agent-testkit: id of the controlled clean-exit fixture. */
export const CLEAN_EXIT_FIXTURE_ID = 'clean-exit-fixture';
/** gate4agent-testkit `FIXTURE_PATH_MAX_BYTES`: UTF-8 bytes of a fixture root or target path. */
export const FIXTURE_PATH_MAX_BYTES = 4_096;
/** gate4agent-testkit: revision of every fixture spec. */
export const FIXTURE_SPEC_REVISION = 'fixture-r1';
/** gate4agent-testkit: the interactive fixture stays alive this long after echoing (`sleep 60`). */
export const CONTROL_FIXTURE_HOLD = 60_000;
/** gate4agent-testkit: exit code of `exitingAgentSpec()`. */
export const EXITING_FIXTURE_EXIT_CODE = 7;
/** gate4agent-testkit: the clean-exit fixture polls its release path this often (`0.025` s). */
export const CLEAN_EXIT_POLL_INTERVAL = 25;
/** gate4agent-testkit: clean-exit fixture exit code when the release path is not a regular file. */
export const CLEAN_EXIT_NON_REGULAR_EXIT_CODE = 81;
/** native_provider_supervisor_e2e `sleep 120`: default lifetime of the long-running fixture. */
export const LONG_RUNNING_DEFAULT = 120_000;
/** native_provider_supervisor_e2e `FIXTURE_TIMEOUT` (15 s): default `driveUntil` timeout. */
export const FIXTURE_TIMEOUT = 15_000;
/** native_provider_supervisor_e2e: `driveUntil` sleeps this long between ticks (10 ms). */
export const DRIVE_INTERVAL = 10;
/** How long `reapAll()` waits for a killed process that is not our child to disappear. */
export const REAP_TIMEOUT = 5_000;
/** Poll interval while waiting for a non-child process to disappear. */
export const REAP_POLL_INTERVAL = 10;
/** Stdout text a `FixtureChild` keeps for `stdout()` / `waitForStdout()` (UTF-16 units). */
export const FIXTURE_OUTPUT_KEEP_CHARS = 1_048_576;
/** Environment variable carrying the run tag that marks every fixture process of one test run. */
export const FIXTURE_RUN_ENV = 'GATE4AGENT_FIXTURE_RUN';
/**
 * Launch-plan argument carrying the run tag (`<prefix><tag>`) in fixture specs: a PTY child gets
 * only the minimal environment, so the tag travels on its command line, where the leak scan
 * reads it on every platform. The fixture scripts drop it from `process.argv`.
 */
export const FIXTURE_RUN_ARG = '--gate4agent-fixture-run=';
/** Stdout prefix with which a fixture reports a descendant it started (tracked automatically). */
export const DESCENDANT_PID_MARKER = 'fixture-descendant-pid:';
