// Ported from crates/gate4agent-catalog/src/launch.rs (mod tests).
import { inspect } from 'node:util';
import { type AgentSpec, SessionOptionSelection, unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { builtinRegistry } from '../src/builtin-specs.js';
import { WINDOWS_INLINE_LAUNCH_MAX_CHARS } from '../src/constants.js';
import { createLaunchRequest, type LaunchRequest } from '../src/launch-request.js';
import { planDraftLaunch, planLaunch } from '../src/plan-launch.js';

function builtin(id: string): AgentSpec {
  const spec = builtinRegistry().getById(id);
  if (spec === undefined) throw new Error(`missing built-in agent ${id}`);
  return spec;
}

function request(prompt: string, extra: Partial<LaunchRequest> = {}): LaunchRequest {
  return createLaunchRequest({ platform: 'linux', prompt, ...extra });
}

describe('launch planning (launch.rs)', () => {
  it('environment_and_launch_debug_preserve_names_and_actions_without_values', () => {
    const spec = builtin('codex');
    const launch = createLaunchRequest({
      platform: 'linux',
      prompt: 'prompt-value-must-be-redacted',
      extraArgs: ['extra-arg-value-must-be-redacted'],
      env: [
        { key: 'EXPLICIT_SECRET', value: 'environment-value-must-be-redacted' },
        { key: 'AMBIENT_SECRET', value: null },
      ],
    });
    const requestDebug = inspect(launch, { depth: 5 });
    expect(requestDebug).toContain('EXPLICIT_SECRET');
    expect(requestDebug).toContain('AMBIENT_SECRET');
    expect(requestDebug).toContain("action: 'set'");
    expect(requestDebug).toContain("action: 'remove'");
    expect(requestDebug).toContain('hasPrompt: true');
    expect(requestDebug).toContain('extraArgsLen: 1');
    expect(requestDebug).not.toContain('environment-value-must-be-redacted');
    expect(requestDebug).not.toContain('prompt-value-must-be-redacted');
    expect(requestDebug).not.toContain('extra-arg-value-must-be-redacted');
    const plan = unwrap(planLaunch(spec, launch));

    const debug = inspect(plan, { depth: 5 });
    expect(debug).toContain('EXPLICIT_SECRET');
    expect(debug).toContain('AMBIENT_SECRET');
    expect(debug).toContain("action: 'set'");
    expect(debug).toContain("action: 'remove'");
    expect(debug).not.toContain('environment-value-must-be-redacted');
    expect(debug).not.toContain('prompt-value-must-be-redacted');
  });

  it('grok_terminates_options_before_a_positional_prompt', () => {
    const plan = unwrap(planLaunch(builtin('grok'), request('--version')));
    expect(plan.args).toEqual(['--', '--version']);
    expect(plan.followupPrompt).toBeNull();
  });

  it('opencode_uses_a_prompt_flag_without_shell_quoting', () => {
    const prompt = "fix 'quotes'\nand Unicode: Привет";
    const plan = unwrap(planLaunch(builtin('opencode'), request(prompt)));
    expect(plan.args).toEqual([`--prompt=${prompt}`]);
  });

  it('kimi_defers_prompt_until_readiness', () => {
    const plan = unwrap(planLaunch(builtin('kimi'), request('inspect the repository')));
    expect(plan.args).toEqual([]);
    expect(plan.followupPrompt).toBe('inspect the repository');
  });

  it('unsafe_windows_positional_initial_prompt_falls_back_to_post_ready_paste', () => {
    const prompt = 'quote " percent % ampersand & pipe | caret ^ and Unicode: Привет';
    for (const id of ['claude', 'codex']) {
      const plan = unwrap(planLaunch(builtin(id), request(prompt, { platform: 'windows' })));
      expect(plan.args.includes(prompt), id).toBe(false);
      expect(plan.followupPrompt, id).toBe(prompt);
    }
  });

  it('oversized_windows_positional_initial_prompt_falls_back_to_post_ready_paste', () => {
    const prompt = 'x'.repeat(WINDOWS_INLINE_LAUNCH_MAX_CHARS);
    for (const id of ['claude', 'codex']) {
      const plan = unwrap(planLaunch(builtin(id), request(prompt, { platform: 'windows' })));
      expect(plan.args.includes(prompt), id).toBe(false);
      expect(plan.followupPrompt, id).toBe(prompt);
    }
  });

  it('claude_uses_native_prefill_for_a_reviewable_draft', () => {
    const plan = unwrap(
      planDraftLaunch(builtin('claude'), { platform: 'linux' }, 'review before submit'),
    );
    expect(plan.args).toEqual(['--prefill=review before submit']);
    expect(plan.followupDraft).toBeNull();
  });

  it('agents_without_native_prefill_defer_the_draft', () => {
    const plan = unwrap(
      planDraftLaunch(builtin('kimi'), { platform: 'linux' }, 'review before submit'),
    );
    expect(plan.followupDraft).toBe('review before submit');
    expect(plan.followupPrompt).toBeNull();
  });

  it('unsafe_windows_wrapper_draft_falls_back_to_post_ready_paste', () => {
    const plan = unwrap(
      planDraftLaunch(builtin('claude'), { platform: 'windows' }, 'inspect & explain'),
    );
    expect(plan.args).toEqual([]);
    expect(plan.followupDraft).toBe('inspect & explain');
  });

  it('launch_only_agents_cannot_borrow_another_provider_option_catalog', () => {
    const error = unwrapErr(
      planLaunch(builtin('opencode'), {
        sessionOptions: SessionOptionSelection.new('opus'),
        platform: 'linux',
      }),
    );
    expect(error.kind).toBe('session-options');
    expect(error.kind === 'session-options' && error.error.kind).toBe('unsupported-agent');
  });

  it('session_options_precede_user_args_and_record_only_effective_values', () => {
    let selection = SessionOptionSelection.new('opus');
    selection = SessionOptionSelection.withValue(selection, 'effort', 'xhigh');
    selection = SessionOptionSelection.withValue(selection, 'fastMode', true);
    const plan = unwrap(
      planLaunch(builtin('claude'), {
        sessionOptions: selection,
        extraArgs: ['--model', 'haiku'],
        platform: 'linux',
      }),
    );
    expect(plan.args).toEqual(['--model', 'opus', '--effort', 'xhigh', '--model', 'haiku']);
    expect(plan.appliedSessionOptions).toBeNull();
  });

  it('explicit_cursor_options_are_composed_but_untouched_launches_stay_vanilla', () => {
    const spec = builtin('cursor');
    const vanilla = unwrap(planLaunch(spec, { platform: 'linux' }));
    expect(vanilla.args).toEqual([]);
    expect(vanilla.appliedSessionOptions).toBeNull();

    let selected = SessionOptionSelection.new('gpt-5.3-codex');
    selected = SessionOptionSelection.withValue(selected, 'effort', 'medium');
    selected = SessionOptionSelection.withValue(selected, 'fastMode', true);
    const plan = unwrap(planLaunch(spec, { sessionOptions: selected, platform: 'linux' }));
    expect(plan.args).toEqual(['--model', 'gpt-5.3-codex-medium-fast']);
    expect(plan.appliedSessionOptions).toEqual(selected);
  });
});
