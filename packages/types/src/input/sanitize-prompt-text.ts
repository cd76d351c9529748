// Prompt text is pasted, not typed: an embedded ESC or C1 introducer could end a bracketed paste
// early or drive the terminal, so every control except line breaks and tabs becomes visible text.

const NAMED: Readonly<Record<string, string>> = {
  '\x1b': '<ESC>',
  '\x9b': '<CSI>',
  '\x9d': '<OSC>',
};

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/gu;

/**
 * Neutralises terminal control sequences: keeps `\n \r \t`, renders ESC as `<ESC>`, U+009B as
 * `<CSI>`, U+009D as `<OSC>` and any other control as `<U+XXXX>` (uppercase, at least 4 digits).
 */
export function sanitizePromptText(text: string): string {
  return text.replace(
    CONTROL,
    (character) =>
      NAMED[character] ??
      `<U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`,
  );
}
