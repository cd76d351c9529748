// How a user value (prompt or draft) becomes argv without ever being read as an option: after
// `--` where the CLI honours it, glued as `--flag=value` to a long flag, and otherwise refused when
// it starts with `-` (issue #11: prompt `--version` printed the version; prompt
// `--permission-mode=acceptEdits` silently weakened a read-only Claude).

/** Why a user value cannot be passed safely; the planner turns it into `prompt-looks-like-option`. */
export type OptionUnsafe =
  | { readonly via: 'bare-positional' }
  | { readonly via: 'short-flag'; readonly flag: string };

/** Whether a CLI parser could take `value` for an option. */
export function looksLikeOption(value: string): boolean {
  return value.startsWith('-');
}

/**
 * The argv of a positional value: `['--', value]` when the agent's CLI honours the option
 * terminator; otherwise `[value]`, refused when it looks like an option.
 */
export function positionalArguments(
  value: string,
  optionTerminator: boolean,
): readonly string[] | OptionUnsafe {
  if (optionTerminator) return ['--', value];
  return looksLikeOption(value) ? { via: 'bare-positional' } : [value];
}

/**
 * The argv of a flag's value: `['--flag=value']` for a long flag (every parser of the verified
 * CLIs — commander, yargs, clap — reads the value verbatim, even when it starts with `-`);
 * `[flag, value]` for a short flag, refused when the value looks like an option.
 */
export function flagArguments(flag: string, value: string): readonly string[] | OptionUnsafe {
  if (flag.startsWith('--')) return [`${flag}=${value}`];
  return looksLikeOption(value) ? { via: 'short-flag', flag } : [flag, value];
}

/** Narrows a result of {@link positionalArguments} or {@link flagArguments} to its refusal. */
export function isOptionUnsafe(value: readonly string[] | OptionUnsafe): value is OptionUnsafe {
  return !Array.isArray(value);
}
