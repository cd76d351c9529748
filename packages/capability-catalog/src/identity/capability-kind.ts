/**
 * The closed set of capability kinds, by wire string. The order of {@link CAPABILITY_KINDS} is the
 * upstream declaration order and defines {@link CapabilityId} ordering.
 */
export type CapabilityKind =
  | 'tool'
  | 'skill'
  | 'agent'
  | 'command'
  | 'hook'
  | 'mcp'
  | 'flow'
  | 'knowledge-surface'
  | 'knowledge'
  | 'ui'
  | 'context';

/** Every {@link CapabilityKind} in declaration order (the ordering key of capability ids). */
export const CAPABILITY_KINDS: readonly CapabilityKind[] = Object.freeze([
  'tool',
  'skill',
  'agent',
  'command',
  'hook',
  'mcp',
  'flow',
  'knowledge-surface',
  'knowledge',
  'ui',
  'context',
]);

const KIND_INDEX: ReadonlyMap<string, number> = new Map(CAPABILITY_KINDS.map((k, i) => [k, i]));

/** The declaration index of `kind`; the second key of capability id ordering. */
export function capabilityKindIndex(kind: CapabilityKind): number {
  return KIND_INDEX.get(kind) ?? -1;
}

/** Whether `value` is one of the eleven kind wire strings. */
export function isCapabilityKind(value: unknown): value is CapabilityKind {
  return typeof value === 'string' && KIND_INDEX.has(value);
}

/**
 * Whether a Session batch accepts `kind`. Every kind is accepted since upstream `b49e2b2`; the
 * check stays a function so a future kind can be refused with `unsupported-session-kind`.
 */
export function isSessionCapabilityKind(kind: CapabilityKind): boolean {
  return KIND_INDEX.has(kind);
}
