import { gate4agentVitestConfig } from '@gate4agent/vitest-config';

const config = gate4agentVitestConfig({
  testTimeout: 180_000,
  globalSetup: ['test/global-setup.ts'],
});
// The suites wait mostly on installers and the registry: run up to three files at once.
config.test.maxWorkers = 3;
export default config;
