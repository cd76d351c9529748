import Type, { type Static } from 'typebox';

/** TypeBox schema of {@link ProviderActivity}. */
export const ProviderActivitySchema = Type.Enum(
  ['idle', 'working', 'waiting-for-input', 'blocked'],
  {
    default: 'idle',
  },
);

/** What the provider is doing; `idle` by default. */
export type ProviderActivity = Static<typeof ProviderActivitySchema>;
