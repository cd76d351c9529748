const has = (text: string, markers: readonly string[]) =>
  markers.some((marker) => text.includes(marker));

/**
 * The operator prompt an agent shows at startup (workspace trust, authentication, vendor update,
 * terminal setup, onboarding, configuration migration), read from the screen text; `null` when
 * none is visible. Whitespace is collapsed and ASCII case ignored, so wrapping does not hide one.
 */
export function startupOperatorGate(contents: string): string | null {
  const text = contents
    .split(/\s+/)
    .filter((word) => word !== '')
    .join(' ')
    .replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  if (
    has(text, [
      'trust this folder',
      'trust the files in this folder',
      'trust the contents of this directory',
      'do you trust this directory',
    ])
  ) {
    return 'workspace trust';
  }
  if (
    text.includes('quick safety check') &&
    has(text, ['yes, i trust this folder', 'continue without these permissions'])
  ) {
    return 'workspace trust';
  }
  if (
    has(text, [
      'select authentication method',
      'choose how to authenticate',
      'no auth type is selected',
    ])
  ) {
    return 'authentication';
  }
  if (text.includes('sign in') && has(text, ['openai', 'chatgpt', 'codex'])) {
    return 'authentication';
  }
  if (text.includes('kimi code update available') && text.includes('install update now')) {
    return 'vendor update';
  }
  if (text.includes('choose the text style that looks best with your terminal')) {
    return 'terminal appearance setup';
  }
  if (text.includes('welcome to claude code for') && has(text, ['open files', 'selected lines'])) {
    return 'IDE onboarding';
  }
  if (text.includes('welcome to claude code') && has(text, ['press enter', 'enter to continue'])) {
    return 'Claude onboarding';
  }
  if (text.includes('migration') && text.includes('enter confirm') && text.includes('esc')) {
    return 'configuration migration';
  }
  return null;
}
