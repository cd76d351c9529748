import { gate4agentVitestConfig } from '@gate4agent/vitest-config';
import { mergeConfig } from 'vitest/config';

// One CLI at a time, one file at a time (start-ups take 7–21 s on this shared machine), with
// generous timeouts. The global setup installs the pinned CLIs in parallel first.
export default mergeConfig(gate4agentVitestConfig({ testTimeout: 180_000 }), {
  test: { fileParallelism: false, hookTimeout: 120_000, globalSetup: ['test/global-setup.ts'] },
});
