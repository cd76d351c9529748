// Tags this test run's fixture processes; the teardown kills and names any left behind.
import { startFixtureRun } from '@gate4agent/testkit';

export default function setup(): () => Promise<void> {
  return startFixtureRun();
}
