import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh random token for one start of a view: 32 random bytes, base64url (43 characters). */
export function createAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Whether `candidate` is `token`, compared in constant time: both are hashed first, so neither
 * the length nor the first differing character shows in the time the comparison takes.
 */
export function tokenMatches(candidate: string, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(candidate), digest(token));
}
