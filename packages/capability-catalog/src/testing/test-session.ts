import type { ModelClient } from '../agent-loop/model-client.js';
import { CapabilitySession } from '../host/capability-session.js';
import { NoopClient } from './scripted-clients.js';
import { searchSkillsTool } from './search-skills-tool.js';

/**
 * The reference's `test_session(name)` / `test_session_with_client(name, client)`: a Session
 * named `name` with the run-bound `search_skills` built-in and `client` (a {@link NoopClient}
 * by default, which fails if the model is ever called).
 */
export function testSession(
  name: string,
  client: ModelClient = new NoopClient(),
): CapabilitySession {
  return new CapabilitySession({ sessionId: name, client, runBoundTools: [searchSkillsTool] });
}
