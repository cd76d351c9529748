// Installs every pinned CLI at once before the first test file runs. The installs wait on the
// network, not on the CPU, so on a cold cache five at a time take about as long as the slowest
// one alone (~3 min) instead of the sum (~8 min). The tests still call `installAgent` (which then
// reuses the cache): a failed install here is not hidden, the test that needs that CLI fails with
// npm's output when it tries again.
import { installAgent } from '../src/install-agent.js';
import { REAL_AGENTS } from '../src/real-agents.js';

export default async function setup(): Promise<void> {
  await Promise.allSettled(REAL_AGENTS.map((agent) => installAgent(agent)));
}
