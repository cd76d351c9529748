import { describe, expect, it } from 'vitest';
import { createAccessToken, tokenMatches } from '../src/access-token.js';

describe('access token', () => {
  it('is 32 random bytes in base64url, new on every call', () => {
    const tokens = new Set(Array.from({ length: 64 }, () => createAccessToken()));
    expect(tokens.size).toBe(64);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('matches only itself: not a prefix, an extension, a case change or the empty string', () => {
    const token = createAccessToken();
    expect(tokenMatches(token, token)).toBe(true);
    for (const candidate of [
      '',
      token.slice(0, -1),
      `${token}x`,
      token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
      createAccessToken(),
    ]) {
      expect(tokenMatches(candidate, token), candidate).toBe(false);
    }
  });
});
