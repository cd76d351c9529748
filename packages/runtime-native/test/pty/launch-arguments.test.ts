import { AgentId } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  INSTANCE_LAUNCH_ARG_MAX_BYTES,
  INSTANCE_LAUNCH_ARGS_MAX,
  INSTANCE_LAUNCH_ARGS_TOTAL_MAX_BYTES,
} from '../../src/constants.js';
import { validateInstanceLaunchArguments } from '../../src/pty/launch-arguments.js';

const claude = AgentId.of('claude');

describe('validateInstanceLaunchArguments', () => {
  it('native_instance_launch_arguments_fail_closed_before_shell_spawn', () => {
    const pipe = validateInstanceLaunchArguments(claude, 'pipe', ['--bundle-mode']);
    expect(!pipe.ok && pipe.error).toBe('native instance launch arguments require PTY transport');
    const resume = validateInstanceLaunchArguments(claude, 'pty', ['--resume=session-secret']);
    expect(!resume.ok && resume.error).toBe(
      'native instance launch arguments conflict with Claude session, resume, or prompt authority',
    );
    expect(
      validateInstanceLaunchArguments(claude, 'pty', ['--permission-mode', 'default']).ok,
    ).toBe(true);
  });

  it('accepts no arguments on any transport', () => {
    expect(validateInstanceLaunchArguments(claude, 'pipe', []).ok).toBe(true);
  });

  it('rejects short reserved flags with a glued value but not other flags', () => {
    expect(validateInstanceLaunchArguments(claude, 'pty', ['-psecret']).ok).toBe(false);
    expect(validateInstanceLaunchArguments(claude, 'pty', ['-p']).ok).toBe(false);
    expect(validateInstanceLaunchArguments(claude, 'pty', ['-p-x']).ok).toBe(true);
    expect(validateInstanceLaunchArguments(AgentId.of('codex'), 'pty', ['--resume']).ok).toBe(true);
    const qwen = validateInstanceLaunchArguments(AgentId.of('qwen-code'), 'pty', ['--json-fd=3']);
    expect(!qwen.ok && qwen.error).toBe(
      'native instance launch arguments conflict with Qwen sidecar output authority',
    );
  });

  it('bounds the count, one argument and the payload by UTF-8 bytes', () => {
    const agent = AgentId.of('codex');
    expect(
      validateInstanceLaunchArguments(agent, 'pty', Array(INSTANCE_LAUNCH_ARGS_MAX).fill('a')).ok,
    ).toBe(true);
    const count = validateInstanceLaunchArguments(
      agent,
      'pty',
      Array(INSTANCE_LAUNCH_ARGS_MAX + 1).fill('a'),
    );
    expect(!count.ok && count.error).toBe(
      'native instance launch argument count exceeds its bound',
    );
    const atLimit = 'é'.repeat(INSTANCE_LAUNCH_ARG_MAX_BYTES / 2);
    expect(validateInstanceLaunchArguments(agent, 'pty', [atLimit]).ok).toBe(true);
    const over = validateInstanceLaunchArguments(agent, 'pty', [`${atLimit}a`]);
    expect(!over.ok && over.error).toBe('native instance launch argument exceeds its bound');
    const parts = INSTANCE_LAUNCH_ARGS_TOTAL_MAX_BYTES / INSTANCE_LAUNCH_ARG_MAX_BYTES;
    const full = Array(parts).fill('a'.repeat(INSTANCE_LAUNCH_ARG_MAX_BYTES));
    expect(validateInstanceLaunchArguments(agent, 'pty', full).ok).toBe(true);
    const payload = validateInstanceLaunchArguments(agent, 'pty', [...full, 'a']);
    expect(!payload.ok && payload.error).toBe(
      'native instance launch argument payload exceeds its bound',
    );
    const nul = validateInstanceLaunchArguments(agent, 'pty', ['a\0b']);
    expect(!nul.ok && nul.error).toBe('native instance launch argument is invalid');
  });
});
