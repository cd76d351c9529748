import { type AgentSpec, unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { builtinRegistry } from '../src/builtin-specs.js';
import { MAX_LAUNCH_PROMPT_BYTES, WINDOWS_INLINE_LAUNCH_MAX_CHARS } from '../src/constants.js';
import { planDraftLaunch, planLaunch } from '../src/plan-launch.js';
import { spec } from './spec-fixture.js';

function builtin(id: string): AgentSpec {
  return builtinRegistry().getById(id)!;
}

const linux = (prompt: string | null) => ({ prompt, platform: 'linux' as const });

describe('planLaunch prompt placement', () => {
  it('places the prompt as the spec says (upstream examples)', () => {
    const args = (id: string) => unwrap(planLaunch(builtin(id), linux('P'))).args;
    // Deviation from upstream (issue #11): claude and codex honour `--`, and a long prompt flag
    // takes its value glued (`--prompt=P`), so no prompt can be read as an option.
    expect(args('claude')).toEqual(['--', 'P']);
    expect(args('codex')).toEqual(['-c', 'windows_wsl_setup_acknowledged=true', '--', 'P']);
    expect(args('gemini')).toEqual(['--prompt-interactive=P']);
    expect(args('opencode')).toEqual(['--prompt=P']);
    expect(args('copilot')).toEqual(['-i', 'P']);
    expect(args('antigravity')).toEqual(['--prompt-interactive=P']);
    const kiro = unwrap(planLaunch(builtin('kiro'), linux('P')));
    expect([kiro.program, kiro.args, kiro.followupPrompt]).toEqual([
      'kiro-cli',
      ['chat', '--tui'],
      'P',
    ]);
  });

  it('needs a native planner for hermes only when there is a prompt', () => {
    expect(unwrap(planLaunch(builtin('hermes'), linux(null))).args).toEqual(['--tui']);
    const error = unwrapErr(planLaunch(builtin('hermes'), linux('P')));
    expect(error).toMatchObject({ kind: 'native-planner-required', agent: 'hermes' });
    expect(error.message).toBe(
      "agent 'hermes' requires a provider-native startup query planner; launch without a startup query",
    );
  });

  it('refuses a prompt for an agent without a prompt mode, and treats "" as no prompt', () => {
    const none = spec('quiet', 'quiet');
    none.prompt.initial = { kind: 'none' };
    expect(unwrapErr(planLaunch(none, linux('P'))).message).toBe(
      "agent 'quiet' does not accept an initial prompt; launch without a prompt and send it once the agent is ready",
    );
    const plan = unwrap(planLaunch(none, linux('')));
    expect([plan.args, plan.followupPrompt]).toEqual([[], null]);
  });

  it('keeps fixed args, extra args, working dir and env order', () => {
    const plan = unwrap(
      planLaunch(builtin('codex'), {
        ...linux('P'),
        workingDir: '/work/repo',
        extraArgs: ['--model', 'o3'],
        env: [
          { key: 'B', value: '2' },
          { key: 'A', value: null },
        ],
      }),
    );
    expect(plan.args).toEqual([
      '-c',
      'windows_wsl_setup_acknowledged=true',
      '--model',
      'o3',
      '--',
      'P',
    ]);
    expect(plan.workingDir).toBe('/work/repo');
    expect(plan.env).toEqual([
      { key: 'B', value: '2' },
      { key: 'A', value: null },
    ]);
    expect(plan.program).toBe('codex');
    expect(plan.agentId).toBe('codex');
    expect(JSON.parse(JSON.stringify(plan)).args).toEqual(plan.args);
  });

  it('refuses a platform the spec excludes', () => {
    const value = spec('unix-only', 'unixy');
    value.detection.unsupportedPlatforms.push('windows');
    const error = unwrapErr(planLaunch(value, { platform: 'windows' }));
    expect(error).toMatchObject({ kind: 'unsupported-platform', platform: 'windows' });
    expect(error.message).toBe(
      "agent 'unix-only' does not support runtime platform Windows; run it on a platform it supports",
    );
  });
});

describe('planLaunch limits', () => {
  it('accepts a 16 MiB prompt and refuses one byte more, counting UTF-8 bytes', () => {
    const atLimit = 'é'.repeat(MAX_LAUNCH_PROMPT_BYTES / 2);
    expect(unwrap(planLaunch(builtin('kimi'), linux(atLimit))).followupPrompt).toBe(atLimit);
    const error = unwrapErr(planLaunch(builtin('kimi'), linux(`${atLimit}x`)));
    expect(error).toMatchObject({
      kind: 'prompt-too-large',
      bytes: MAX_LAUNCH_PROMPT_BYTES + 1,
      max: MAX_LAUNCH_PROMPT_BYTES,
    });
    expect(error.message).toBe(
      `prompt is ${MAX_LAUNCH_PROMPT_BYTES + 1} bytes; the launch limit is ${MAX_LAUNCH_PROMPT_BYTES} bytes; shorten it or send it after launch`,
    );
  });

  it('refuses NUL bytes and lone surrogates where an argument would carry them', () => {
    expect(
      unwrapErr(planLaunch(builtin('claude'), { ...linux(null), extraArgs: ['a\0'] })),
    ).toMatchObject({
      kind: 'invalid-launch-argument',
      field: 'extra argument',
      reason: 'nul-byte',
    });
    expect(unwrapErr(planLaunch(builtin('claude'), linux('a\0b')))).toMatchObject({
      field: 'prompt',
      reason: 'nul-byte',
    });
    expect(unwrapErr(planLaunch(builtin('opencode'), linux('a\0b')))).toMatchObject({
      field: 'prompt',
    });
    expect(unwrapErr(planLaunch(builtin('claude'), linux('\ud800')))).toMatchObject({
      reason: 'ill-formed-text',
    });
    expect(unwrap(planLaunch(builtin('kimi'), linux('pasted\0later'))).followupPrompt).toBe(
      'pasted\0later',
    );
  });

  it('refuses unusable environment keys and values', () => {
    for (const key of ['', 'A=B', 'A\0']) {
      expect(
        unwrapErr(planLaunch(builtin('claude'), { ...linux(null), env: [{ key, value: 'v' }] })),
      ).toMatchObject({
        field: 'environment key',
      });
    }
    expect(
      unwrapErr(
        planLaunch(builtin('claude'), { ...linux(null), env: [{ key: 'K', value: 'v\0' }] }),
      ),
    ).toMatchObject({
      field: 'environment value',
    });
  });
});

describe('planLaunch on Windows', () => {
  it('defers a positional prompt with any wrapper-unsafe character', () => {
    for (const unsafe of ['\r', '\n', '"', '%', '!', '^', '&', '|', '<', '>', '(', ')', '\0']) {
      const plan = unwrap(
        planLaunch(builtin('claude'), { prompt: `a${unsafe}b`, platform: 'windows' }),
      );
      expect(plan.args).toEqual([]);
      expect(plan.followupPrompt).toBe(`a${unsafe}b`);
    }
    const grok = unwrap(planLaunch(builtin('grok'), { prompt: 'x & y', platform: 'windows' }));
    expect(grok.args).toEqual([]);
    const safe = unwrap(
      planLaunch(builtin('claude'), { prompt: "it's fine: Привет", platform: 'windows' }),
    );
    expect(safe.args).toEqual(['--', "it's fine: Привет"]);
  });

  it('keeps a positional prompt inline up to the budget and defers one character more', () => {
    // claude (6 + 1) + -- (2 + 1) + prompt (n + 1) = 24 000 at n = 23 989.
    const fits = '😀'.repeat(WINDOWS_INLINE_LAUNCH_MAX_CHARS - 11);
    expect(
      unwrap(planLaunch(builtin('claude'), { prompt: fits, platform: 'windows' })).args,
    ).toEqual(['--', fits]);
    const over = `${fits}x`;
    const plan = unwrap(planLaunch(builtin('claude'), { prompt: over, platform: 'windows' }));
    expect([plan.args, plan.followupPrompt]).toEqual([[], over]);
  });

  it('counts the environment in the budget', () => {
    const fits = 'x'.repeat(WINDOWS_INLINE_LAUNCH_MAX_CHARS - 11 - 5);
    const env = [{ key: 'K', value: 'vv' }];
    expect(
      unwrap(planLaunch(builtin('claude'), { prompt: fits, platform: 'windows', env })).args,
    ).toEqual(['--', fits]);
    const plan = unwrap(
      planLaunch(builtin('claude'), {
        prompt: fits,
        platform: 'windows',
        env: [{ key: 'K', value: 'vvv' }],
      }),
    );
    expect(plan.followupPrompt).toBe(fits);
  });

  it('fails a flag prompt over the budget instead of deferring it', () => {
    // gemini (6 + 1) + --prompt-interactive= (21) + prompt (n + 1) = 24 000 at n = 23 971.
    const fits = 'x'.repeat(WINDOWS_INLINE_LAUNCH_MAX_CHARS - 29);
    expect(
      unwrap(planLaunch(builtin('gemini'), { prompt: fits, platform: 'windows' })).args,
    ).toHaveLength(1);
    const error = unwrapErr(
      planLaunch(builtin('gemini'), { prompt: `${fits}x`, platform: 'windows' }),
    );
    expect(error).toMatchObject({
      kind: 'windows-inline-launch-too-large',
      chars: 24_001,
      max: 24_000,
    });
    expect(error.message).toBe(
      'Windows inline launch is 24001 characters; the safe limit is 24000; shorten the prompt or arguments',
    );
    expect(
      unwrap(planLaunch(builtin('gemini'), { prompt: `${fits}x`, platform: 'linux' })).args,
    ).toHaveLength(1);
  });

  it('fails an oversized launch even without a prompt', () => {
    const extraArgs = ['y'.repeat(WINDOWS_INLINE_LAUNCH_MAX_CHARS)];
    expect(unwrapErr(planLaunch(builtin('kimi'), { platform: 'windows', extraArgs })).kind).toBe(
      'windows-inline-launch-too-large',
    );
  });
});

describe('planDraftLaunch', () => {
  it('refuses a request that also has a prompt', () => {
    const error = unwrapErr(planDraftLaunch(builtin('claude'), linux('P'), 'draft'));
    expect(error.message).toBe(
      'launch request cannot contain both an auto-submitted prompt and a reviewable draft; pass only one of them',
    );
    expect(planDraftLaunch(builtin('claude'), linux(''), 'draft').ok).toBe(true);
  });

  it('limits the draft to 16 MiB', () => {
    const atLimit = 'd'.repeat(MAX_LAUNCH_PROMPT_BYTES);
    expect(unwrap(planDraftLaunch(builtin('kimi'), linux(null), atLimit)).followupDraft).toBe(
      atLimit,
    );
    expect(unwrapErr(planDraftLaunch(builtin('kimi'), linux(null), `${atLimit}d`)).kind).toBe(
      'prompt-too-large',
    );
  });

  it('returns the plain plan for an empty draft', () => {
    const plan = unwrap(planDraftLaunch(builtin('claude'), linux(null), ''));
    expect([plan.args, plan.followupDraft]).toEqual([[], null]);
  });

  it('defers a native draft that overflows the Windows budget', () => {
    const draft = 'x'.repeat(WINDOWS_INLINE_LAUNCH_MAX_CHARS);
    const plan = unwrap(planDraftLaunch(builtin('claude'), { platform: 'windows' }, draft));
    expect([plan.args, plan.followupDraft]).toEqual([[], draft]);
    expect(
      unwrap(planDraftLaunch(builtin('claude'), { platform: 'windows' }, 'safe draft')).args,
    ).toEqual(['--prefill=safe draft']);
  });
});

describe('planLaunch session options', () => {
  it('fails closed on a stale session-option binding and on an adapter refusal', () => {
    const stale = structuredClone(builtin('claude'));
    stale.capabilities.adapters.sessionOptions = {
      ...stale.capabilities.adapters.sessionOptions!,
      revision: 'old',
    };
    const error = unwrapErr(
      planLaunch(stale, { platform: 'linux', sessionOptions: { model: 'opus', values: {} } }),
    );
    expect(error).toMatchObject({
      kind: 'session-options',
      error: { kind: 'unavailable-binding', revision: 'old' },
    });
    expect(error.message).toBe(
      'agent claude declares unavailable session-option adapter claude-code at revision old; register that adapter revision',
    );
    const refused = unwrapErr(
      planLaunch(builtin('claude'), {
        platform: 'linux',
        sessionOptions: { model: 'opus', values: { effort: true } },
      }),
    );
    expect(refused).toMatchObject({
      kind: 'session-options',
      error: { kind: 'adapter', error: { kind: 'invalid-value-type' } },
    });
    expect(refused.message).toBe(
      'session-option adapter rejected the request: session option effort has the wrong value type; pass a value of the type the catalog lists',
    );
  });

  it('places session-option args after fixed args and before extra args, approval flags and the prompt', () => {
    const plan = unwrap(
      planLaunch(builtin('codex'), {
        platform: 'linux',
        prompt: 'P',
        extraArgs: ['--search'],
        approvalLevel: 'full-auto',
        sessionOptions: { model: 'gpt-5.5', values: {} },
      }),
    );
    expect(plan.args).toEqual([
      '-c',
      'windows_wsl_setup_acknowledged=true',
      '-m',
      'gpt-5.5',
      '-c',
      'model_reasoning_effort=medium',
      '--search',
      '--sandbox',
      'workspace-write',
      '--ask-for-approval',
      'never',
      '--',
      'P',
    ]);
    expect(plan.appliedSessionOptions).toEqual({
      model: 'gpt-5.5',
      values: { effort: 'medium' },
    });
  });
});
