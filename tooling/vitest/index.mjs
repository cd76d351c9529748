// Shared vitest configuration. Every package writes vitest's own JSON results to
// test-results.json so that tooling/scripts/run.mjs can print the workspace totals.
import { defineConfig } from 'vitest/config';

/**
 * @param {{ testTimeout?: number, globalSetup?: string[], setupFiles?: string[], include?: string[] }} [options]
 */
export function gate4agentVitestConfig(options = {}) {
  return defineConfig({
    test: {
      // Type tests (`*.test-d.ts`, expectTypeOf) run as ordinary tests; tsc checks them in typecheck.
      include: options.include ?? ['test/**/*.test.ts', 'test/**/*.test-d.ts'],
      // Processes and PTYs are spawned in tests: child processes isolate them best.
      pool: 'forks',
      testTimeout: options.testTimeout ?? 20_000,
      hookTimeout: 30_000,
      globalSetup: options.globalSetup ?? [],
      setupFiles: options.setupFiles ?? [],
      reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
      benchmark: { include: ['bench/**/*.bench.ts'] },
    },
  });
}
