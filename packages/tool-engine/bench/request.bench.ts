// ToolEngine.request throughput, admit to completion (run by `pnpm bench:packages`, not by
// tests). Every iteration is one request's whole life: admit under an exact allow grant, drain
// its invoke, apply a succeeded observation and drain its completion. Setup fills the request
// table to TOOL_REQUESTS_MAX with terminal records, so every admission also evicts the oldest
// one: the steady state of a long-running engine. The deny iteration admits a request no grant
// covers. Both run with 1 grant and with TOOL_POLICIES_MAX (4 096): the rates should match.
// The setup and the cycles are the benchmark suite's (`pnpm bench`, row "tool-engine request
// cycle"), imported so the two measure the same thing; they use the built package.
import { TOOL_POLICIES_MAX, TOOL_REQUESTS_MAX } from '@gate4agent/tool-protocol';
import { bench, describe } from 'vitest';
import { toolEngineCycle } from '../../../tooling/bench/src/scenarios/tool-engine-cycle.js';

for (const grants of [1, TOOL_POLICIES_MAX]) {
  const { allowed, denied } = toolEngineCycle(grants);
  describe(`request throughput, ${grants} grant${grants === 1 ? '' : 's'}, a full table (${TOOL_REQUESTS_MAX} records)`, () => {
    bench('admit → invoke → observe → completion (allow)', allowed);
    bench('admit → policy-denied completion (deny)', denied);
  });
}
