// Records that snapshots share (grants, request snapshots, audit events, descriptors) are frozen
// once, when the engine builds them, so a snapshot can hand them out without copying and no caller
// can reach back into engine state through one.

/** Freezes `value` and every plain object and array under it; returns `value`. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (ArrayBuffer.isView(value)) return value;
  for (const key in value) {
    const field = (value as Record<string, unknown>)[key];
    if (typeof field === 'object' && field !== null) deepFreeze(field);
  }
  return Object.freeze(value);
}
