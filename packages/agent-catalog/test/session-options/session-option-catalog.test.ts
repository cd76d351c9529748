// Ported from crates/gate4agent-adapters/src/session_options.rs (mod tests), catalog shapes.
import { AdapterId, unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { SESSION_OPTION_CATALOG_REVISION } from '../../src/constants.js';
import {
  type SessionOption,
  sessionOptionCatalog,
} from '../../src/session-options/session-option-catalog.js';

function choiceValues(option: SessionOption | undefined): string[] {
  if (option?.kind.kind !== 'select') throw new Error('expected a select option');
  return option.kind.choices.map((choice) => choice.value);
}

describe('session-option catalogs (session_options.rs)', () => {
  it('pinned_catalogs_keep_model_scoped_option_shapes', () => {
    const claude = unwrap(sessionOptionCatalog(AdapterId.of('claude-code')));
    expect(
      claude.models.find((model) => model.id === 'opus')?.options.map((option) => option.id),
    ).toEqual(['effort', 'fastMode']);
    expect(claude.models.find((model) => model.id === 'haiku')?.options).toEqual([]);
    expect(claude.revision).toBe(SESSION_OPTION_CATALOG_REVISION);

    const fableEffort = claude.models.find((model) => model.id === 'fable')?.options[0];
    expect(choiceValues(fableEffort)).toEqual(['low', 'medium', 'high', 'xhigh', 'max']);

    const codex = unwrap(sessionOptionCatalog(AdapterId.of('codex')));
    const solEffort = codex.models.find((model) => model.id === 'gpt-5.6-sol')?.options[0];
    const lunaEffort = codex.models.find((model) => model.id === 'gpt-5.6-luna')?.options[0];
    expect(choiceValues(solEffort)).toEqual(['minimal', 'low', 'medium', 'high', 'xhigh']);
    expect(choiceValues(lunaEffort)).toEqual(['minimal', 'low', 'medium', 'high']);
  });

  it('pinned_catalog_model_inventories_are_exact', () => {
    const expected: [string, string[]][] = [
      ['claude-code', ['fable', 'opus', 'sonnet', 'haiku']],
      ['codex', ['gpt-5.6-sol', 'gpt-5.6-terra', 'gpt-5.6-luna', 'gpt-5.5', 'gpt-5.2-codex']],
      [
        'gemini',
        ['gemini-3-pro-preview', 'gemini-3-flash-preview', 'gemini-2.5-pro', 'gemini-2.5-flash'],
      ],
      ['cursor', ['auto', 'gpt-5.3-codex', 'claude-opus-4-8']],
    ];
    for (const [adapter, models] of expected) {
      const actual = unwrap(sessionOptionCatalog(AdapterId.of(adapter))).models.map(
        (model) => model.id,
      );
      expect(actual, `model inventory drift for ${adapter}`).toEqual(models);
    }
  });

  it('has no catalog for other adapters', () => {
    expect(unwrapErr(sessionOptionCatalog(AdapterId.of('opencode')))).toMatchObject({
      kind: 'unsupported-adapter',
      message:
        'session-option adapter is unavailable for opencode; register the adapter or launch without session options',
    });
  });
});
