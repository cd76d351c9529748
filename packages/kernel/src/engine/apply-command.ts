import { type CommandEnvelope, ControlError, err, type Result } from '@gate4agent/types';
import { register } from './commands/register.js';
import { remove } from './commands/remove.js';
import { resize } from './commands/resize.js';
import { sendInput } from './commands/send-input.js';
import { start } from './commands/start.js';
import { stop } from './commands/stop.js';
import type { EngineState } from './engine-state.js';

/**
 * Reduces one command on `state`. Every check runs before the first mutation. Commands outside
 * the PTY lifecycle (foreground, capability probes, history, resume, provider ingress and
 * interactions) are refused without mutation after the instance lookup.
 */
export function reduceCommand(
  state: EngineState,
  envelope: CommandEnvelope,
): Result<void, ControlError> {
  const { id, command } = envelope;
  switch (command.kind) {
    case 'register':
      return register(state, id, command.instanceId, command.agentId, command.transport);
    case 'start':
      return start(state, id, command.instanceId, command.runtimePolicy, command.request);
    case 'stop':
      return stop(state, id, command.instanceId, command.force);
    case 'send-input':
      return sendInput(state, id, command.instanceId, command.action);
    case 'resize':
      return resize(state, id, command.instanceId, command.size);
    case 'remove':
      return remove(state, id, command.instanceId);
    default: {
      const session = state.sessions.get(command.instanceId);
      if (session === undefined) return err(ControlError.unknownInstance(command.instanceId));
      return err(
        ControlError.unsupportedTransportOperation(session.snapshot.transport, command.kind),
      );
    }
  }
}
