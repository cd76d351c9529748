import { gate4agentVitestConfig } from '@gate4agent/vitest-config';

export default gate4agentVitestConfig({
  testTimeout: 60_000,
  globalSetup: ['test/global-setup.ts'],
});
