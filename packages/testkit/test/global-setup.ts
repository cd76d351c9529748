// Tags this test run; after the whole suite, any fixture process of the run that is still alive
// is killed and fails the run, naming it.
import { startFixtureRun } from '../src/process/fixture-run.js';

export default function setup(): () => Promise<void> {
  return startFixtureRun();
}
