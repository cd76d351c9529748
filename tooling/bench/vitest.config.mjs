import { gate4agentVitestConfig } from '@gate4agent/vitest-config';

// The smoke test runs every scenario once with tiny sizes, one child process at a time.
export default gate4agentVitestConfig({ testTimeout: 90_000 });
