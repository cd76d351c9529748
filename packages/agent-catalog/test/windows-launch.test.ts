import { describe, expect, it } from 'vitest';
import { estimatedWindowsLaunchChars, windowsWrapperUnsafeText } from '../src/windows-launch.js';

describe('Windows launch rules', () => {
  it('flags exactly the characters cmd.exe would interpret', () => {
    for (const unsafe of '\0\r\n"%!^&|<>()')
      expect(windowsWrapperUnsafeText(`x${unsafe}`)).toBe(true);
    expect(windowsWrapperUnsafeText("plain 'text' with Unicode Привет, tabs\tand ;:*?")).toBe(
      false,
    );
  });

  it('counts scalar values plus separators and env entries', () => {
    expect(estimatedWindowsLaunchChars('a', [], [])).toBe(2);
    expect(estimatedWindowsLaunchChars('ab', ['😀', ''], [])).toBe(3 + 2 + 1);
    expect(
      estimatedWindowsLaunchChars(
        'a',
        [],
        [
          { key: 'KEY', value: 'vv' },
          { key: 'GONE', value: null },
        ],
      ),
    ).toBe(2 + (3 + 2 + 2) + (4 + 0 + 2));
  });
});
