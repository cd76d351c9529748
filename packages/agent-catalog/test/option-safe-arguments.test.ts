import { describe, expect, it } from 'vitest';
import {
  flagArguments,
  looksLikeOption,
  positionalArguments,
} from '../src/option-safe-arguments.js';

describe('option-safe arguments', () => {
  it('treats any value starting with - as a possible option', () => {
    expect(['-', '-h', '--version', '-- x'].map(looksLikeOption)).toEqual([true, true, true, true]);
    expect(['x', ' -h', 'a-b', ''].map(looksLikeOption)).toEqual([false, false, false, false]);
  });

  it('puts a positional value after -- when the CLI honours it, else refuses an option-like one', () => {
    expect(positionalArguments('--version', true)).toEqual(['--', '--version']);
    expect(positionalArguments('plain', false)).toEqual(['plain']);
    expect(positionalArguments('-h', false)).toEqual({ via: 'bare-positional' });
  });

  it('glues a value to a long flag and refuses an option-like value after a short one', () => {
    expect(flagArguments('--prompt', '--version')).toEqual(['--prompt=--version']);
    expect(flagArguments('--prompt', 'a=b')).toEqual(['--prompt=a=b']);
    expect(flagArguments('-i', 'plain')).toEqual(['-i', 'plain']);
    expect(flagArguments('-i', '-h')).toEqual({ via: 'short-flag', flag: '-i' });
  });
});
