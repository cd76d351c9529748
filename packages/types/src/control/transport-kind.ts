import Type, { type Static } from 'typebox';

/** TypeBox schema of {@link TransportKind}. */
export const TransportKindSchema = Type.Enum(['pty', 'pipe', 'acp']);

/** How a session talks to its agent: a pseudo-terminal, pipes, or the Agent Client Protocol. */
export type TransportKind = Static<typeof TransportKindSchema>;
