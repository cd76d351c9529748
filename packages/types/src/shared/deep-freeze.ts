// The one copy policy of the pure packages: a snapshot is copied out of mutable state at most
// once, frozen, and then shared by every reader (kernel step, handle publication, subscribers).
// Records the tool engine keeps (grants, request snapshots, audit events, descriptors) are frozen
// when built, so snapshots hand them out without copying and no caller reaches back into state.

/**
 * Freezes `value` and every plain object and array under it (typed arrays cannot be frozen and are
 * left as they are; an already frozen object is taken as frozen throughout); returns `value`.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) {
    // An index loop: `for…in` over an array builds a string key per element, and snapshots hold
    // arrays of thousands of records (each already frozen, so the check per element is all).
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      if (typeof item === 'object' && item !== null) deepFreeze(item);
    }
    return Object.freeze(value);
  }
  for (const key in value) {
    const field = (value as Record<string, unknown>)[key];
    if (typeof field === 'object' && field !== null) deepFreeze(field);
  }
  return Object.freeze(value);
}
