// Issue #11, item 1: a prompt or draft that starts with `-` must never reach option parsing.
import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { builtinRegistry } from '../src/builtin-specs.js';
import { planDraftLaunch, planLaunch } from '../src/plan-launch.js';

const builtin = (id: string) => builtinRegistry().getById(id)!;
const ATTEMPTS = ['--version', '-h', '--permission-mode=acceptEdits', '-- x', '-'];

/** Every argument after the last one the planner itself wrote is the user value, verbatim. */
function userValueIsNotAnOption(args: readonly string[], value: string): void {
  const terminator = args.indexOf('--');
  if (terminator >= 0) {
    expect(args.slice(terminator + 1)).toEqual([value]);
    return;
  }
  // Glued to a long flag: exactly one argument holds the value, after `=`.
  const glued = args.filter((argument) => argument.endsWith(`=${value}`));
  expect(glued).toHaveLength(1);
  expect(glued[0]!.startsWith('--')).toBe(true);
  expect(args).not.toContain(value);
}

describe('planLaunch against option injection', () => {
  it.each(['claude', 'codex'])('puts every %s prompt after --', (id) => {
    for (const prompt of ATTEMPTS) {
      const plan = unwrap(
        planLaunch(builtin(id), { prompt, platform: 'linux', approvalLevel: 'read-only' }),
      );
      expect(plan.args.slice(-2)).toEqual(['--', prompt]);
      userValueIsNotAnOption(plan.args, prompt);
    }
  });

  it('keeps a read-only Claude read-only when the prompt names another permission mode', () => {
    const plan = unwrap(
      planLaunch(builtin('claude'), {
        prompt: '--permission-mode=acceptEdits',
        platform: 'linux',
        approvalLevel: 'read-only',
      }),
    );
    expect(plan.args).toEqual(['--permission-mode', 'plan', '--', '--permission-mode=acceptEdits']);
  });

  it.each([
    ['gemini', '--prompt-interactive'],
    ['opencode', '--prompt'],
    ['antigravity', '--prompt-interactive'],
    ['mimo-code', '--prompt'],
  ])('glues every %s prompt to %s', (id, flag) => {
    for (const prompt of ATTEMPTS) {
      const plan = unwrap(planLaunch(builtin(id), { prompt, platform: 'linux' }));
      expect(plan.args.at(-1)).toBe(`${flag}=${prompt}`);
      userValueIsNotAnOption(plan.args, prompt);
    }
  });

  it('refuses a prompt starting with - where neither -- nor --flag=value is known to be safe', () => {
    for (const prompt of ATTEMPTS) {
      const bare = unwrapErr(planLaunch(builtin('pi'), { prompt, platform: 'linux' }));
      expect(bare).toMatchObject({
        kind: 'prompt-looks-like-option',
        agent: 'pi',
        field: 'prompt',
        flag: null,
      });
      expect(bare.message).toBe(
        "the prompt for agent 'pi' starts with '-', and the agent takes it as a bare argument with no verified `--` terminator, so its CLI would read it as an option; start the prompt with another character, or launch without it and send it once the agent is ready",
      );
      const short = unwrapErr(planLaunch(builtin('copilot'), { prompt, platform: 'linux' }));
      expect(short).toMatchObject({ kind: 'prompt-looks-like-option', flag: '-i' });
      expect(short.message).toContain('after the short flag -i');
    }
    expect(unwrap(planLaunch(builtin('pi'), { prompt: 'a-b', platform: 'linux' })).args).toEqual([
      'a-b',
    ]);
    expect(unwrap(planLaunch(builtin('copilot'), { prompt: 'x', platform: 'linux' })).args).toEqual(
      ['-i', 'x'],
    );
  });

  it('never lets an after-ready prompt into argv', () => {
    for (const prompt of ATTEMPTS) {
      const plan = unwrap(planLaunch(builtin('qwen-code'), { prompt, platform: 'linux' }));
      expect(plan.args).toEqual([]);
      expect(plan.followupPrompt).toBe(prompt);
    }
  });

  it('glues a Claude draft to --prefill', () => {
    for (const draft of ATTEMPTS) {
      const plan = unwrap(planDraftLaunch(builtin('claude'), { platform: 'linux' }, draft));
      expect(plan.args).toEqual([`--prefill=${draft}`]);
    }
  });
});

describe('planLaunch approval levels and root', () => {
  it('refuses Claude bypass as root with what to do, unless IS_SANDBOX=1 is set', () => {
    const request = { platform: 'linux' as const, approvalLevel: 'full-auto' as const };
    const error = unwrapErr(planLaunch(builtin('claude'), { ...request, runsAsRoot: true }));
    expect(error).toMatchObject({
      kind: 'approval-level-refused-as-root',
      agent: 'claude',
      level: 'full-auto',
    });
    expect(error.message).toBe(
      "agent 'claude' refuses approval level 'full-auto' (bypass permissions) when run as root; run it as a non-root user, or, when the container or VM is itself the sandbox, set IS_SANDBOX=1 in the launch environment",
    );
    const sandboxed = unwrap(
      planLaunch(builtin('claude'), {
        ...request,
        runsAsRoot: true,
        env: [{ key: 'IS_SANDBOX', value: '1' }],
      }),
    );
    expect(sandboxed.args).toEqual(['--permission-mode', 'bypassPermissions']);
    expect(planLaunch(builtin('claude'), request).ok).toBe(true);
    const readOnly = { platform: 'linux' as const, approvalLevel: 'read-only' as const };
    expect(planLaunch(builtin('claude'), { ...readOnly, runsAsRoot: true }).ok).toBe(true);
  });

  it('maps codex levels only to approval policies codex 0.171 accepts', () => {
    for (const level of ['read-only', 'ask', 'auto-edit', 'full-auto'] as const) {
      const args = unwrap(
        planLaunch(builtin('codex'), { platform: 'linux', approvalLevel: level }),
      ).args;
      const policy = args[args.indexOf('--ask-for-approval') + 1];
      expect(['on-request', 'never']).toContain(policy);
    }
  });
});
