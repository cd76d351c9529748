// Tags this test run (the host processes and every fixture they start inherit the tag); after the
// suite, any fixture process of the run still alive is killed and fails the run, naming it.
import { startFixtureRun } from '@gate4agent/testkit';

export default function setup(): () => Promise<void> {
  return startFixtureRun();
}
