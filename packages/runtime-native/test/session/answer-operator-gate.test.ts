// AgentSession.answerOperatorGate: the person's answer to a dialog on screen, written as
// operator keys, while typed text is refused by the engine's semantic path.
import {
  CONTROL_FIXTURE_ID,
  FIXTURE_TIMEOUT,
  trackProcess,
  trustDialogAgentSpec,
  useFixtureTracking,
} from '@gate4agent/testkit';
import { AgentId, unwrap } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NativeRuntime } from '../../src/runtime/native-runtime.js';
import { registry } from '../runtime/support/fixtures.js';

useFixtureTracking({ beforeEach, afterEach });

const runtimes: NativeRuntime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.dispose();
});

const wait = { timeoutMs: FIXTURE_TIMEOUT };

describe('AgentSession.answerOperatorGate', () => {
  it('answers the trust dialog with operator keys; the gate goes and the agent takes input', async () => {
    const { runtime } = unwrap(NativeRuntime.create(registry(trustDialogAgentSpec())));
    runtimes.push(runtime);
    await using session = await runtime.launchAgent(AgentId.of(CONTROL_FIXTURE_ID));
    if (session.processId !== null) {
      trackProcess(session.processId, 'trust dialog agent', { group: true });
    }
    await session.waitFor(() => session.operatorGate !== null, wait);
    expect(session.operatorGate?.kind).toBe('trust');

    await session.answerOperatorGate('1');
    await session.waitFor('fixture-trust:49', wait);
    await session.waitFor('fixture-ready>', wait);
    await session.waitFor(() => session.operatorGate === null, wait);

    await session.submit('after the dialog');
    expect(await session.waitFor('fixture-echo:after the dialog', wait)).toContain(
      'fixture-echo:after the dialog',
    );
  });
});
