import type { AgentId, Result, TransportKind } from '@gate4agent/types';
import { err, ok, utf8ByteLength } from '@gate4agent/types';
import {
  INSTANCE_LAUNCH_ARG_MAX_BYTES,
  INSTANCE_LAUNCH_ARGS_MAX,
  INSTANCE_LAUNCH_ARGS_TOTAL_MAX_BYTES,
  RESERVED_CLAUDE_LAUNCH_FLAGS,
  RESERVED_QWEN_SIDECAR_FLAGS,
} from '../constants.js';

function claudeReserved(argument: string): boolean {
  return RESERVED_CLAUDE_LAUNCH_FLAGS.some((reserved) => {
    if (argument === reserved) return true;
    if (reserved.startsWith('--')) return argument.startsWith(`${reserved}=`);
    if (reserved.length !== 2 || !argument.startsWith(reserved)) return false;
    const suffix = argument.slice(reserved.length);
    return suffix !== '' && !suffix.startsWith('-');
  });
}

function qwenReserved(argument: string): boolean {
  return RESERVED_QWEN_SIDECAR_FLAGS.some(
    (reserved) => argument === reserved || argument.startsWith(`${reserved}=`),
  );
}

/**
 * Checks the extra launch arguments a host adds for one instance, before anything is spawned:
 * PTY transport only, bounded in count and bytes, no NUL, and none of the flags through which
 * Claude's session / resume / prompt or Qwen's sidecar output would change hands.
 */
export function validateInstanceLaunchArguments(
  agentId: AgentId,
  transport: TransportKind,
  args: readonly string[],
): Result<void, string> {
  if (args.length === 0) return ok();
  if (transport !== 'pty') return err('native instance launch arguments require PTY transport');
  if (args.length > INSTANCE_LAUNCH_ARGS_MAX) {
    return err('native instance launch argument count exceeds its bound');
  }
  let total = 0;
  for (const argument of args) {
    if (argument.includes('\0')) return err('native instance launch argument is invalid');
    const bytes = utf8ByteLength(argument);
    if (bytes > INSTANCE_LAUNCH_ARG_MAX_BYTES) {
      return err('native instance launch argument exceeds its bound');
    }
    total += bytes;
    if (total > INSTANCE_LAUNCH_ARGS_TOTAL_MAX_BYTES) {
      return err('native instance launch argument payload exceeds its bound');
    }
    if (agentId === 'claude' && claudeReserved(argument)) {
      return err(
        'native instance launch arguments conflict with Claude session, resume, or prompt authority',
      );
    }
    if (agentId === 'qwen-code' && qwenReserved(argument)) {
      return err('native instance launch arguments conflict with Qwen sidecar output authority');
    }
  }
  return ok();
}
