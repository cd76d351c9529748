import { gate4agentVitestConfig } from '@gate4agent/vitest-config';

// The smoke test runs every scenario once with tiny sizes, one child process at a time: about a
// minute on a quiet machine; the timeout leaves room for a loaded one.
export default gate4agentVitestConfig({ testTimeout: 300_000 });
