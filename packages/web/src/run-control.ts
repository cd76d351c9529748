import type { AgentSession, NativeRuntime } from '@gate4agent/runtime-native';
import { operatorActionRequiredMessage } from '@gate4agent/types';
import { ControlRefusal, type ControlRequest } from './control-request.js';
import { grantId, requestId } from './tools-view.js';

/** @internal What a control request ran into, or `null` once it was done. */
export type ControlAnswer = ControlRefusal | null;

function failed(what: string, error: unknown): ControlRefusal {
  return ControlRefusal.failed(what, error instanceof Error ? error.message : String(error));
}

async function runSession(session: AgentSession, request: ControlRequest): Promise<ControlAnswer> {
  const gate = session.operatorGate;
  if (request.kind === 'input') {
    // Code and page alike: nothing is typed into a dialog that only a person should answer.
    if (gate !== null) {
      return ControlRefusal.operatorGate(operatorActionRequiredMessage(gate));
    }
    try {
      await session.submit(request.text);
      return null;
    } catch (error) {
      return failed(`typing into session ${session.instanceId}`, error);
    }
  }
  if (request.kind === 'answer-gate') {
    if (gate === null) {
      return ControlRefusal.noGate(String(session.instanceId));
    }
    try {
      await session.answerOperatorGate(request.keys);
      return null;
    } catch (error) {
      return failed(`answering the dialog of session ${session.instanceId}`, error);
    }
  }
  try {
    await session.stop();
    return null;
  } catch (error) {
    return failed(`stopping session ${session.instanceId}`, error);
  }
}

/**
 * @internal Runs one control request through the same handles code uses: the session's
 * `submit` / `answerOperatorGate` / `stop`, the tool authority's `approve` / `deny` / `revoke`.
 */
export async function runControl(
  runtime: NativeRuntime,
  sessions: ReadonlyMap<string, AgentSession>,
  request: ControlRequest,
): Promise<ControlAnswer> {
  switch (request.kind) {
    case 'input':
    case 'answer-gate':
    case 'stop': {
      const session = sessions.get(request.session);
      return session === undefined
        ? ControlRefusal.unknownSession(request.session)
        : runSession(session, request);
    }
    case 'approve':
    case 'deny': {
      const authority = runtime.toolAuthority();
      const waiting = authority
        .snapshot()
        .tools.requests.find(
          (entry) =>
            entry.status.kind === 'awaiting-approval' && requestId(entry) === request.request,
        );
      if (waiting === undefined) {
        return ControlRefusal.unknownRequest(request.request, request.kind);
      }
      try {
        await (request.kind === 'approve' ? authority.approve(waiting) : authority.deny(waiting));
        return null;
      } catch (error) {
        return failed(`${request.kind} of request #${waiting.key.localId}`, error);
      }
    }
    case 'revoke': {
      const authority = runtime.toolAuthority();
      const grant = authority
        .snapshot()
        .tools.grants.find((entry) => grantId(entry.key) === request.grant);
      if (grant === undefined) {
        return ControlRefusal.unknownGrant(request.grant);
      }
      try {
        await authority.revoke(grant.key);
        return null;
      } catch (error) {
        return failed(`revoking ${grant.key.capabilityId}`, error);
      }
    }
  }
}
