// Launch resolution, ported from crates/gate4agent-adapters/src/session_options.rs (mod tests);
// mid-session planning is not ported, so tests that mix both keep only their launch assertions
// under descriptive titles.
import { AdapterId, SessionOptionSelection, unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { resolveSessionOptionLaunch } from '../../src/session-options/resolve-session-option-launch.js';

const id = (value: string) => AdapterId.of(value);
const withValues = (model: string, values: Record<string, string | boolean>) =>
  Object.entries(values).reduce(
    (selection, [key, value]) => SessionOptionSelection.withValue(selection, key, value),
    SessionOptionSelection.new(model),
  );

describe('resolveSessionOptionLaunch (session_options.rs)', () => {
  it('launch_resolution_matches_pinned_defaults_and_override_precedence', () => {
    const selected = withValues('opus', { effort: 'xhigh', fastMode: true });
    let resolved = unwrap(
      resolveSessionOptionLaunch(id('claude-code'), selected, ['--model', 'haiku']),
    );
    expect(resolved.args).toEqual(['--model', 'opus', '--effort', 'xhigh']);
    expect(resolved.applied).toBeNull();

    resolved = unwrap(
      resolveSessionOptionLaunch(id('claude-code'), SessionOptionSelection.new('sonnet'), []),
    );
    expect(resolved.args).toEqual(['--model', 'sonnet', '--effort', 'high']);
    expect(resolved.applied).toEqual(withValues('sonnet', { effort: 'high' }));
  });

  it('codex_override_detection_preserves_only_truthful_applied_values', () => {
    const selected = withValues('gpt-5.6-sol', { effort: 'medium' });
    const resolved = unwrap(
      resolveSessionOptionLaunch(id('codex'), selected, ['-c', 'model_reasoning_effort=high']),
    );
    expect(resolved.args).toEqual(['-m', 'gpt-5.6-sol', '-c', 'model_reasoning_effort=medium']);
    expect(resolved.applied).toEqual(SessionOptionSelection.new('gpt-5.6-sol'));
  });

  it('cursor composes options into the launch model id', () => {
    const current = withValues('gpt-5.3-codex', { effort: 'high', fastMode: true });
    const resolved = unwrap(resolveSessionOptionLaunch(id('cursor'), current, []));
    expect(resolved.args).toEqual(['--model', 'gpt-5.3-codex-high-fast']);
    expect(resolved.applied).toEqual(current);
    const claude = unwrap(
      resolveSessionOptionLaunch(id('cursor'), SessionOptionSelection.new('claude-opus-4-8'), []),
    );
    expect(claude.args).toEqual(['--model', 'claude-opus-4-8-thinking-high']);
    expect(
      unwrap(resolveSessionOptionLaunch(id('cursor'), SessionOptionSelection.new('auto'), [])).args,
    ).toEqual(['--model', 'auto']);
  });

  it('passes unknown values and models through without fallback', () => {
    const future = unwrap(
      resolveSessionOptionLaunch(
        id('claude-code'),
        withValues('opus', { effort: 'future-effort' }),
        [],
      ),
    );
    expect(future.args).toEqual(['--model', 'opus', '--effort', 'future-effort']);
    const dynamic = unwrap(
      resolveSessionOptionLaunch(id('gemini'), SessionOptionSelection.new(' gemini-9 '), []),
    );
    expect(dynamic).toEqual({
      args: ['-m', 'gemini-9'],
      applied: SessionOptionSelection.new('gemini-9'),
    });
  });

  it('detects every spelling of a Codex effort override', () => {
    const selected = withValues('gpt-5.5', { effort: 'low' });
    for (const trailing of [
      ['--reasoning-effort', 'high'],
      ['--reasoning-effort=high'],
      ['--config', 'model_reasoning_effort=high'],
      ['-cmodel_reasoning_effort=high'],
      ['-c=model_reasoning_effort=high'],
      ['--config=model_reasoning_effort=high'],
    ]) {
      expect(unwrap(resolveSessionOptionLaunch(id('codex'), selected, trailing)).applied).toEqual(
        SessionOptionSelection.new('gpt-5.5'),
      );
    }
    expect(
      unwrap(resolveSessionOptionLaunch(id('codex'), selected, ['model_reasoning_effort=high']))
        .applied,
    ).toEqual(selected);
    expect(
      unwrap(resolveSessionOptionLaunch(id('codex'), selected, ['-mgpt-5.2-codex'])).applied,
    ).toBeNull();
  });

  it('refuses wrong value types and invalid selections', () => {
    expect(
      unwrapErr(
        resolveSessionOptionLaunch(id('claude-code'), withValues('opus', { effort: true }), []),
      ),
    ).toMatchObject({ kind: 'invalid-value-type', optionId: 'effort' });
    expect(
      unwrapErr(resolveSessionOptionLaunch(id('claude-code'), SessionOptionSelection.new(' '), []))
        .kind,
    ).toBe('invalid-value');
    expect(
      unwrapErr(
        resolveSessionOptionLaunch(
          id('claude-code'),
          { model: 'opus', values: { model: 'x' } },
          [],
        ),
      ).kind,
    ).toBe('reserved-model-option');
    expect(
      unwrapErr(resolveSessionOptionLaunch(id('opencode'), SessionOptionSelection.new('x'), []))
        .kind,
    ).toBe('unsupported-adapter');
  });
});
